//! Broken game files and the whole text the checker prints for each.
//!
//! Each file in `tests/bad_games/` is a small broken copy of a game file, with the mistake described
//! in its first lines. Its test snapshots every diagnostic, rendered as `tabula check` prints them.
//! Paths are relative to the crate root, so the snapshots do not depend on where the crate lives.

use tabula::diagnostic::Severity;
use tabula::load_game_text;

const DIR: &str = "tests/bad_games";

/// Loads a broken game and returns its rendered diagnostics; fails if it loads.
fn rendered(name: &str) -> String {
    let path = format!("{DIR}/{name}.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    match load_game_text(&path, text, &[]) {
        Ok(_) => panic!("{path} loaded without errors"),
        Err(e) => {
            assert!(
                e.diagnostics.has_errors(),
                "{path}: a failed load reports at least one error"
            );
            e.to_string()
        }
    }
}

macro_rules! bad_games {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                insta::assert_snapshot!(rendered(stringify!($name)));
            }
        )*

        /// Every file in the folder has a test above, and every test a file.
        #[test]
        fn every_bad_game_has_a_test() {
            let mut listed: Vec<&str> = vec![$(stringify!($name)),*];
            listed.sort();
            let mut found: Vec<String> = std::fs::read_dir(DIR)
                .expect("tests/bad_games exists")
                .filter_map(|e| {
                    let path = e.ok()?.path();
                    (path.extension()? == "toml")
                        .then(|| path.file_stem().unwrap().to_string_lossy().into_owned())
                })
                .collect();
            found.sort();
            assert_eq!(found, listed, "tests/bad_games and the list in tests/diagnostics.rs differ");
        }
    };
}

bad_games!(
    absent_cell_in_setup,
    along_not_a_name,
    along_not_lines,
    along_option_chooses_no_lines,
    bad_direction_vector,
    bad_rank_in_region,
    bad_rectangle,
    cells_set_up_twice,
    choice_misspelt,
    columns_with_stacks,
    compare_count_with_player,
    dice_game_with_other_moves,
    die_move_hit_not_a_mode,
    die_move_without_dice,
    die_move_without_stacks,
    dirs_not_a_name,
    duplicate_player,
    duplicate_rule_name,
    enclosed_min_out_of_range,
    escaped_rules_string,
    estimate_of_a_number,
    extends_unknown_game,
    extra_turn_not_a_player,
    gather_without_into,
    gather_without_stacks,
    groups_of_a_number,
    hex_layout_both_diagonals,
    hex_layout_without_diagonal,
    into_without_gather,
    joined_part_is_a_jump,
    jump_promote_at_without_promote,
    jump_top_to_bottom_removed_at_end,
    jump_top_to_bottom_without_columns,
    jump_range_misspelt,
    lands_in_in_end_test,
    line_min_out_of_range,
    line_on_stacks,
    line_step_min_above_max,
    line_step_sideways_push,
    line_step_sideways_single,
    lines_unknown_direction_set,
    lines_unknown_path,
    links_in_a_ring,
    missing_board,
    missing_setup,
    misspelt_keyword,
    mistakes_across_toml_and_rules,
    most_without_compulsory,
    moving_outside_capture_if,
    name_clash_option_region,
    neutral_in_four_player_game,
    next_by_joined,
    notation_without_fields,
    notation_of_columns,
    notation_squares,
    option_default_not_a_choice,
    option_default_out_of_range,
    option_max_beyond_32_bits,
    option_min_above_max,
    option_removed_in_a_game_of_its_own,
    outcome_in_after,
    region_missing_player,
    region_named_like_a_cell,
    remove_without_extends,
    returns_home_and_to_hand,
    roll_face_out_of_range,
    roll_sides_and_faces,
    roll_with_dice,
    roll_without_roll_section,
    rotate_not_a_square,
    route_mistakes,
    shuffle_pieces_and_cells_differ,
    shuffle_no_arrangement,
    shuffle_cell_set_up,
    shuffle_unknown_kind,
    shuffle_rows_differ,
    shuffle_rows_meet,
    pair_to_not_a_table,
    notation_unmoved_with_unknown_kind,
    memory_unmoved_kinds_unknown_kind,
    rules_end_early,
    second_no_moves_rule,
    segment_to_itself,
    segment_unknown_cell,
    segment_without_dash,
    set_outside_after,
    show_unknown_name,
    slide_distance_not_a_distance,
    slide_distance_with_max,
    slide_pass_over_unknown,
    sow_pits_off_path,
    symbol_not_one_character,
    syntax_error_in_rule,
    syntax_errors_in_two_rules,
    table_entry_off_the_board,
    table_keys_mixed,
    three_mistakes,
    toml_syntax_error,
    too_many_pieces_set_up,
    unknown_argument,
    unknown_cell_in_region,
    unknown_cell_in_setup,
    unknown_direction_in_set,
    unknown_direction_set_in_rule,
    unknown_function,
    unknown_move_primitive,
    unknown_name,
    unknown_player_in_setup,
    unknown_toml_key,
    uppercase_cell,
    variant_option_base_lacks,
    variant_piece_base_lacks,
    variant_removes_and_defines,
    variant_removes_unknown_option,
    variant_removes_unknown_rule,
    variant_unknown_cell,
    win_number,
    wrong_value_type,
);

fn load_errors(name: &str) -> Vec<String> {
    let path = format!("{DIR}/{name}.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    match load_game_text(&path, text, &[]) {
        Ok(_) => panic!("{path} loaded"),
        Err(e) => e
            .diagnostics
            .items
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.kind.to_string())
            .collect(),
    }
}

/// Three independent mistakes in one file: all three are reported in one pass, nothing else.
#[test]
fn three_independent_mistakes_are_all_reported() {
    assert_eq!(
        load_errors("three_mistakes"),
        [
            "unknown cell `n13`",
            "unknown argument `pice` for `step`",
            "unknown name `max_ply`",
        ]
    );
}

/// A syntax error in one rule does not hide the others, nor the checks of the rest of the file.
#[test]
fn syntax_errors_do_not_stop_the_check() {
    let errors = load_errors("syntax_errors_in_two_rules");
    assert_eq!(errors.len(), 3, "{errors:#?}");
    assert!(errors[0].starts_with("syntax error in rules: expected `)`"));
    assert!(errors[1].starts_with("syntax error in rules: expected `{`"));
    assert_eq!(errors[2], "unknown name `max_ply`");
}

/// Every diagnostic of a broken file points into a file, at a line and column.
#[test]
fn every_diagnostic_is_located() {
    for entry in std::fs::read_dir(DIR).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = rendered(&name);
        for report in text.split("\nError: ").skip(1) {
            assert!(
                report.contains(",-[ tests/bad_games/"),
                "{name}: a diagnostic without a location:\n{report}"
            );
        }
        assert!(
            text.starts_with("Error: "),
            "{name}: not an error report:\n{text}"
        );
    }
}

/// The shipped games load without a single diagnostic.
#[test]
fn shipped_games_are_clean() {
    for name in ["games/epaminondas.toml", "games/epaminondas-8x8.toml"] {
        let text = std::fs::read_to_string(name).unwrap();
        match load_game_text(name, text, &[]) {
            Ok((_, _, warnings)) => assert!(warnings.items.is_empty(), "{name} has warnings"),
            Err(e) => panic!("{name} does not load:\n{e}"),
        }
    }
}
