//! The fast forms chosen when a game is compiled (moves on words for steps and jumps, guarded and
//! counter `after` rules) give the same actions, outcomes and positions as the general generator
//! and the stack machine, along random games.

use rand::RngExt;
use tabula::engine::playout::seeded_rng;
use tabula::model::action::ActionKind;
use tabula::{Game, load_game_file};

fn load(name: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("games/{name}.toml"));
    load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// A game on one-word sets, as `tabula` loads a board of at most 64 cells.
fn load_one_word(name: &str) -> Game<1> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("games/{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap();
    tabula::catalog::load_game_text_as::<1>(name, text, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// How many rows each player's listed rows hold, per shape.
fn rows_listed<const W: usize>(game: &Game<W>) -> Vec<usize> {
    (game.row_masks.iter())
        .flat_map(|r| r.per_player.iter().map(Vec::len))
        .collect()
}

/// The same game with every fast form taken away.
fn general<const W: usize>(game: &Game<W>) -> Game<W> {
    let mut slow = game.clone();
    slow.word_moves = None;
    slow.placement_plan = None;
    slow.rays = None;
    slow.table_value_sets.clear();
    slow.lattices.clear();
    slow.board.opposites.clear();
    slow.board.wrap_free.fill(false);
    slow.row_masks.clear();
    for rule in &mut slow.moves {
        rule.hoists.clear();
        rule.candidate_filters = rule.filters.clone();
        rule.position_free = false;
        for next in &mut rule.next {
            next.fast_condition = None;
        }
        for effect in &mut rule.effects {
            effect.fast = None;
            effect.fast_condition = None;
            effect.fast_target = None;
            effect.fast_into = None;
        }
    }
    for forbid in &mut slow.forbids {
        forbid.placement = None;
    }
    for check in slow.turn_start.iter_mut().chain(slow.after.iter_mut()) {
        check.fast = None;
        check.word = None;
        check.counter_fast = None;
    }
    slow
}

/// Plays random games with `fast`, checking every position against `slow`.
fn agree<const W: usize>(fast: &Game<W>, slow: &Game<W>, games: u64) {
    let mut rng = seeded_rng(11);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut plies = 0;
    for _ in 0..games {
        let mut state = fast.initial;
        let mut history = Vec::new();
        for _ in 0..300 {
            let outcome = fast.legal_actions_with_history(&state, &history, &mut a);
            assert_eq!(
                outcome,
                slow.legal_actions_with_history(&state, &history, &mut b)
            );
            assert_eq!(a, b, "the actions of {state:?}");
            if outcome.is_some() {
                break;
            }
            let pick = a[rng.random_range(0..a.len())];
            fast.note_position(&mut history, &state);
            let before = state;
            fast.apply(&mut state, &pick);
            assert_eq!(state, slow.after(&before, &pick));
            plies += 1;
        }
    }
    // The games were played, not ended at once.
    assert!(plies > games * 20, "only {plies} plies");
}

#[test]
fn english_draughts_moves_on_words_and_fast_rules_agree_with_the_general_generator() {
    let fast = load("english-draughts");
    // The shapes this test is about are recognised in this game.
    assert!(fast.word_moves.is_some());
    assert!(fast.after.iter().any(|c| c.counter_fast.is_some()));
    assert!(
        fast.turn_start
            .iter()
            .any(|c| c.fast.is_some_and(|f| f.guard))
    );
    agree(&fast, &general(&fast), 200);
}

#[test]
fn jump_games_agree_with_the_general_generator() {
    for name in [
        "blue-and-gray",
        "blue-and-gray-orthogonal",
        "breakthrough",
        "gioul",
    ] {
        let fast = load(name);
        agree(&fast, &general(&fast), 20);
    }
}

#[test]
fn slides_along_rays_agree_with_slides_step_by_step() {
    // Every shipped game with a plain slide, Hold pley with both readings of a bold crossing,
    // and a test game with each argument that ends a slide.
    for (file, options) in [
        ("games/amazons.toml", &[][..]),
        ("games/brandubh.toml", &[]),
        ("games/chess.toml", &[]),
        ("games/hold-pley.toml", &[]),
        ("games/hold-pley.toml", &[("bold_crossing", "stop_after")]),
        ("games/international-draughts.toml", &[]),
        ("games/shogi.toml", &[]),
        ("games/xiangqi.toml", &[]),
        ("tests/games/slide-limits.toml", &[]),
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let options: Vec<(String, String)> = options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let fast = load_game_file(&path, &options)
            .unwrap_or_else(|e| panic!("{e}"))
            .0;
        assert!(fast.rays.is_some(), "{file} slides along rays");
        agree(&fast, &general(&fast), 20);
    }
}

/// Some shipped game has capturing rules with filters of both shapes answered by probes,
/// none left to the general answer: `attack`'s comparisons with generating every move then
/// check the filters' probe form.
#[test]
fn filters_of_both_shapes_are_probed_in_a_shipped_game() {
    let catalog = tabula::Catalog::default();
    let probed = catalog
        .list()
        .iter()
        .filter_map(|listing| catalog.load(&listing.id, &[]).ok().map(|(g, _, _)| g))
        .filter(|g: &Game| g.attack_plan.as_ref().is_some_and(|p| p.others.is_empty()))
        .any(|g| {
            let filtered = |pick: fn(&tabula::compile::fast::attack_plan::ProbeFilters) -> bool| {
                g.moves
                    .iter()
                    .any(|m| !m.filters.is_empty() && m.probe_filters.as_ref().is_some_and(pick))
            };
            filtered(|f| f.from_region.is_some()) && filtered(|f| f.target_kind.is_some())
        });
    assert!(probed, "no shipped game has both filter shapes probed");
}

/// `distinct` of a table with few values (Havannah's corners and sides) read from the value sets
/// agrees with the values sorted and counted.
#[test]
fn distinct_from_value_sets_agrees_with_the_values_counted() {
    let game = load("havannah");
    assert_eq!(
        game.table_value_sets
            .iter()
            .map(|sets| sets.each.len())
            .collect::<Vec<_>>(),
        [6, 6]
    );
    agree(&game, &general(&game), 20);
}

/// Filters decided once per position (a whole filter that reads only the position, an `and`
/// part that stops every candidate, an `or` part that lets every one through) give the actions
/// that asking each candidate gives.
#[test]
fn filters_decided_once_per_position_agree_with_filters_asked_of_each_candidate() {
    let shapes = |name: &str| {
        let game = load(name);
        let hoists: Vec<(bool, usize, usize)> = (game.moves.iter())
            .flat_map(|m| m.hoists.iter())
            .map(|h| (h.fixed, h.requires.len(), h.waives.len()))
            .collect();
        agree(&game, &general(&game), 10);
        hoists
    };
    // Mills: moving and flying are for three men or more than three; a capture is of a man
    // outside a mill, or of any when all are in mills.
    assert_eq!(
        shapes("nine-mens-morris"),
        [(true, 0, 0), (true, 0, 0), (false, 0, 1)]
    );
    // Oware: a sowing feeds the opponent, unless the opponent has seeds already (a test of the
    // pieces on a region, run without the stack machine).
    assert_eq!(shapes("oware"), [(false, 0, 1)]);
    let oware = load("oware");
    let part = &oware.moves[0].hoists[0].waives[0];
    assert!(part.fast.is_some());
    // Chess: en passant only just after a double step.
    assert_eq!(shapes("chess"), [(false, 1, 0)]);
    assert_eq!(shapes("ludo"), [(true, 0, 0)]);
}

/// Pentago's turns (a marble, then a block turned) listed with the turns of the blocks listed
/// once give what playing each marble out and listing the turns after it gives.
#[test]
fn second_parts_listed_once_agree_with_second_parts_after_each_first_part() {
    let game = load("pentago");
    let free: Vec<&str> = (game.moves.iter())
        .filter(|m| m.position_free)
        .map(|m| m.info.name.as_str())
        .collect();
    assert_eq!(free, ["twist"]);
    agree(&game, &general(&game), 20);
}

/// End tests that are an `or` of fast tests (Kalah's: a side without seeds, or the last ply;
/// Oware's: a repeated position, or the last ply), `pieces_on` of a region and `ply` among them,
/// run without the stack machine on boards of stacks, agree with the rules' programs.
#[test]
fn end_tests_of_several_fast_tests_agree_with_the_rules_programs() {
    for (name, max_plies) in [
        ("kalah", "30"),
        ("kalah", "0"),
        ("oware", "40"),
        ("oware", "0"),
    ] {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("games/{name}.toml"));
        let options = [("max_plies".to_string(), max_plies.to_string())];
        let game = load_game_file(&path, &options)
            .unwrap_or_else(|e| panic!("{e}"))
            .0;
        let guards: Vec<usize> = (game.turn_start.iter())
            .filter_map(|check| check.fast.map(|f| f.or_else.iter().flatten().count()))
            .collect();
        // Kalah's guard has three tests (two without `max_plies`), Oware's two (one); Oware's
        // three ends by captures, one `if` each, come first as three checks of one test.
        let expected: &[usize] = match (name, max_plies) {
            ("kalah", "0") => &[1],
            ("kalah", _) => &[2],
            ("oware", "0") => &[0, 0, 0, 0],
            _ => &[0, 0, 0, 1],
        };
        assert_eq!(guards, expected, "{name} max_plies={max_plies}");
        agree(&game, &general(&game), 30);
    }
}

/// Havannah's ring, bridge and fork, each an `if` comparing the size of what the stone's group
/// encloses, or how many corners or sides it touches, run as three fast tests (one flood between
/// them), agree with the rules' program.
#[test]
fn end_tests_of_groups_agree_with_the_rules_programs() {
    use tabula::compile::fast::fast_check::{GroupAt, GroupSet, Operand, Test};
    let game = load("havannah");
    let operands: Vec<Operand> = (game.turn_start.iter())
        .filter_map(|check| match check.fast?.test {
            Test::Compare { left, .. } => Some(left),
            _ => None,
        })
        .collect();
    let group = |inside| GroupSet {
        at: GroupAt::PreviousTo,
        dirs: u16::MAX,
        inside,
    };
    assert_eq!(
        operands,
        [
            Operand::Size(group(true)),
            Operand::Distinct {
                table: 0,
                set: group(false)
            },
            Operand::Distinct {
                table: 1,
                set: group(false)
            },
        ]
    );
    agree(&game, &general(&game), 12);
}

/// Effect conditions of a few tests of the action's cells and of the pieces on sets built
/// directly (Kalah's capture and extra turn, Ur's extra turn on a rosette, Oware's capture unless
/// it takes every seed), and the sets effects take, agree with the rules' programs.
#[test]
fn effect_conditions_and_sets_built_directly_agree_with_the_rules_programs() {
    // (game, conditions, targets and `into`s recognised)
    for (name, conditions, sets) in [("kalah", 2, 2), ("ur", 2, 0), ("oware", 1, 2)] {
        let game = load(name);
        let effects = || game.moves.iter().flat_map(|rule| &rule.effects);
        let fast = effects().filter(|e| e.fast_condition.is_some()).count();
        assert_eq!(fast, conditions, "{name}");
        let built = effects()
            .map(|e| usize::from(e.fast_target.is_some()) + usize::from(e.fast_into.is_some()))
            .sum::<usize>();
        assert_eq!(built, sets, "{name}");
        // Oware's condition counts the seeds its capture takes: that set is built once.
        let kept = effects().filter_map(|e| e.fast_condition.as_ref()?.target_set);
        assert_eq!(kept.count(), usize::from(name == "oware"), "{name}");
        agree(&game, &general(&game), 40);
    }
}

/// `inside(group(previous_to))` with the group's holes counted on the hexagon's triangular
/// lattice (Havannah's rings) agrees with the flood from the edge, position by position in
/// random games.
#[test]
fn rings_found_by_counting_holes_agree_with_the_flood_from_the_edge() {
    let game = load("havannah");
    assert!(!game.lattices.is_empty());
    assert!(
        game.code
            .iter()
            .any(|op| matches!(op, tabula::compile::Op::InsideOfGroup(_)))
    );
    agree(&game, &general(&game), 40);
}

/// `in_row` looked for along one direction of each opposite pair (a row along `n` is one along
/// `s`), or as one of the board's rows listed as sets where they are few, agrees with every
/// direction stepped along; tic-tac-toe's four directions have no opposites at all.
#[test]
fn rows_looked_for_along_half_the_directions_or_listed_agree_with_all_of_them() {
    // (game, opposites found, rows listed: tic-tac-toe's 8, Pentago's 32 on the one-word sets
    // its 36 cells take; Connect Four's 69 rows of four are too many)
    for (name, opposites, rows) in [
        ("connect-four", true, 0),
        ("pentago", true, 32),
        ("tic-tac-toe", false, 8),
    ] {
        let game = load_one_word(name);
        assert_eq!(!game.board.opposites.is_empty(), opposites, "{name}");
        let listed = rows_listed(&game);
        let expected = match rows {
            0 => vec![],
            n => vec![n, n],
        };
        assert_eq!(listed, expected, "{name}");
        if name == "tic-tac-toe" {
            // Games too short for `agree`: the whole tree instead, whose counts from depth 6 on
            // drop by every game a row of three ended (the published counts).
            let slow = general(&game);
            for (depth, published) in [(6, 54720), (7, 148176), (8, 200448), (9, 127872)] {
                assert_eq!(game.perft(&game.initial, depth), published);
                assert_eq!(slow.perft(&game.initial, depth), published);
            }
            continue;
        }
        agree(&game, &general(&game), 40);
    }
}

/// Boards of squares are no lattice, with four directions or eight; a hexagon is one, and stops
/// being one with a cell left out of its middle (a ring round the hole would close off nothing
/// on the board, yet count as a hole).
#[test]
fn triangular_lattices_are_found_on_hexagons_without_holes_only() {
    for name in ["chess", "go", "breakthrough"] {
        assert!(load(name).lattices.is_empty(), "{name}");
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/games/havannah-4.toml");
    let text = std::fs::read_to_string(path).unwrap();
    let holed = text.replace(r#"absent = ["a5"#, r#"absent = ["d4", "a5"#);
    assert_ne!(holed, text);
    for (text, lattice) in [(text, true), (holed, false)] {
        let (game, _, _) = tabula::load_game_text(path, text, &[]).unwrap();
        assert_eq!(!game.lattices.is_empty(), lattice);
    }
}

/// `in_row` end tests (tic-tac-toe's three, connect four's four, gomoku's five) run without the
/// stack machine, and give what the program gives.
#[test]
fn in_row_end_tests_run_fast_and_agree_with_the_program() {
    for name in ["tic-tac-toe", "connect-four", "gomoku-11"] {
        let game = load(name);
        let fast_rows = game.turn_start.iter().filter_map(|check| check.fast);
        let rows = fast_rows
            .filter(|fast| {
                matches!(
                    fast.test,
                    tabula::compile::fast::fast_check::Test::InRow { .. }
                )
            })
            .count();
        assert_eq!(rows, 1, "{name}");
        // Tic-tac-toe's games are too short for `agree`'s count of plies; the test is the same.
        if name != "tic-tac-toe" {
            agree(&game, &general(&game), 30);
        }
    }
}

/// Go's suicide and simple ko, decided from the groups of the position before each placement,
/// agree with playing each placement out; superko, which only the position after tells, keeps
/// the general path.
#[test]
fn placements_judged_from_the_groups_agree_with_placements_played_out() {
    use tabula::compile::fast::placement_forbids::PlacementForbid;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/go.toml");
    let with_ko = |ko: &str| {
        let overrides = vec![("ko".to_string(), ko.to_string())];
        load_game_file(&path, &overrides)
            .unwrap_or_else(|e| panic!("{e}"))
            .0
    };
    let superko = with_ko("superko");
    assert!(superko.placement_plan.is_none());
    for ko in ["simple", "none"] {
        let game = with_ko(ko);
        let shapes: Vec<_> = game.forbids.iter().map(|f| f.placement).collect();
        let repeats = match ko {
            "simple" => PlacementForbid::RepeatsPrevious,
            _ => PlacementForbid::Never,
        };
        let expected = [PlacementForbid::Suicide, repeats, PlacementForbid::Never];
        assert_eq!(shapes, expected.map(Some));
        let plan = game.placement_plan.expect("go has a placement plan");
        assert!(plan.captures && plan.suicide);
        assert_eq!(plan.repeats, ko == "simple");
        agree(&game, &general(&game), 12);
        let forbidden = forbidden_placements(&game, 12);
        assert!(forbidden > 100, "{forbidden} positions test the forbids");
    }
}

/// How many positions of random games have an empty cell the mover may not play on.
fn forbidden_placements<const W: usize>(game: &Game<W>, games: u64) -> usize {
    let mut rng = seeded_rng(5);
    let mut actions = Vec::new();
    let mut found = 0;
    for _ in 0..games {
        let mut state = game.initial;
        let mut history = Vec::new();
        for _ in 0..300 {
            if game
                .legal_actions_with_history(&state, &history, &mut actions)
                .is_some()
            {
                break;
            }
            let empty = game.board.all_cells.and_not(&state.occupied()).len() as usize;
            let placements = (actions.iter())
                .filter(|a| a.kind() == ActionKind::Place)
                .count();
            found += usize::from(placements < empty);
            let pick = actions[rng.random_range(0..actions.len())];
            game.note_position(&mut history, &state);
            game.apply(&mut state, &pick);
        }
    }
    found
}

/// The morris games' mills as listed rows: `rows(opponent, 3)` (the men a take may not remove)
/// and `in_row(mover, 3, through: to)` (a move closing a mill) from the sets of the rows, with
/// the take's filter asked of each man only in the part that reads it, agree with stepping
/// along the board's lines and asking the whole filter.
#[test]
fn mills_as_listed_rows_agree_with_rows_stepped_along_the_lines() {
    use tabula::compile::fast::fast_check::Test;
    // (game, mills, rules that close one: placing, sliding and, but in six men's, flying)
    for (name, mills, closing) in [
        ("nine-mens-morris", 16, 3),
        ("six-mens-morris", 8, 2),
        ("twelve-mens-morris", 20, 3),
    ] {
        let game = load_one_word(name);
        let listed = rows_listed(&game);
        assert_eq!(listed, [mills, mills], "{name}");
        let take = (game.moves.iter()).find(|m| m.info.name == "take").unwrap();
        assert!(take.hoists.iter().any(|h| h.residue.is_some()), "{name}");
        let fast_mills = (game.moves.iter())
            .flat_map(|m| &m.next)
            .filter(|next| matches!(next.fast_condition, Some(Test::InRowThrough { .. })))
            .count();
        assert_eq!(fast_mills, closing, "{name}");
        agree(&game, &general(&game), 20);
    }
}

/// A position where a group already has no liberty (set up by hand: no move of go makes one)
/// leaves the groups no say: every placement is played out, as in the general path. White's a1
/// has none. Black's a2-b2-b1 has one, c2, whose other neighbours are white: black on c2 would
/// be a suicide, were a1 not removed by the capture, which gives the group a liberty.
#[test]
fn a_group_already_without_a_liberty_sends_placements_to_the_general_path() {
    let game = load("go");
    assert!(game.placement_plan.is_some());
    let slow = general(&game);
    let cell = |name: &str| game.board.parse_cell(name).unwrap();
    let (black, white) = (0, 1);
    let mut state = game.initial;
    for name in ["a1", "a3", "b3", "c1", "c3", "d2"] {
        state.put(cell(name), white, 0);
    }
    for name in ["a2", "b1", "b2"] {
        state.put(cell(name), black, 0);
    }
    state.to_move = black;
    let (mut fast, mut general) = (Vec::new(), Vec::new());
    game.legal_actions(&state, &mut fast);
    slow.legal_actions(&state, &mut general);
    assert_eq!(fast, general);
    let c2 = tabula::model::action::Action::place(0, cell("c2"));
    assert!(fast.contains(&c2), "c2 is legal: a1 is removed");
}
