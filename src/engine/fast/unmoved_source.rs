//! Rules of unmoved pieces ([`crate::compile::fast::unmoved_source`]) are skipped by the move
//! generator when no unmoved piece could make them; tested here against the general path.

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::compile::Game;
    use crate::engine::eval::Frame;
    use rand::RngExt;

    /// Skipping rules of unmoved pieces changes no legal move: on positions of seeded random
    /// games of every shipped game with such a rule, the legal moves are those of the same game
    /// without the skip; some positions had the rule skipped, some had its moves.
    #[test]
    fn skipping_rules_of_unmoved_pieces_changes_no_legal_move() {
        let catalog = Catalog::default();
        let games: Vec<Game> = catalog
            .list()
            .iter()
            .filter_map(|listing| catalog.load(&listing.id, &[]).ok().map(|(g, _, _)| g))
            .filter(|g| g.moves.iter().any(|m| m.from_unmoved))
            .collect();
        assert!(
            !games.is_empty(),
            "no shipped game has a rule of unmoved pieces"
        );
        for game in &games {
            let mut plain = game.clone();
            for rule in &mut plain.moves {
                rule.from_unmoved = false;
            }
            let mut rng = crate::engine::playout::seeded_rng(9);
            let (mut skipping, mut not_skipping) = (Vec::new(), Vec::new());
            let (mut compared, mut skipped, mut made) = (0, 0, 0);
            for _ in 0..40 {
                let mut state = game.initial;
                for _ in 0..150 {
                    let over = game.legal_actions(&state, &mut skipping);
                    assert_eq!(over, plain.legal_actions(&state, &mut not_skipping));
                    assert_eq!(skipping, not_skipping, "{state:?}");
                    compared += 1;
                    let mut frame = Frame::position(&state);
                    skipped += usize::from(game.moves.iter().any(|m| {
                        m.from_unmoved && game.movers(m, &mut frame).and(&state.unmoved).is_empty()
                    }));
                    made += usize::from(
                        skipping
                            .iter()
                            .any(|a| game.moves[a.rule() as usize].from_unmoved),
                    );
                    if over.is_some() {
                        break;
                    }
                    let action = skipping[rng.random_range(0..skipping.len())];
                    game.apply(&mut state, &action);
                }
            }
            assert!(compared > 1000, "only {compared} positions compared");
            assert!(skipped > 100, "only {skipped} positions skipped a rule");
            assert!(
                made >= 3,
                "a rule of unmoved pieces had moves in only {made} positions"
            );
        }
    }
}
