//! The arithmetic of a match of a fixed number of games (`[match]`): who wins it, and the net
//! result, each player's points from the games won less the points of the games lost.

/// The state of a match between players A (0) and B (1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    pub wins: [u32; 2],
    /// Points of the games each player won.
    pub won: [i64; 2],
    /// Points of the games each player lost.
    pub lost: [i64; 2],
}

impl MatchScore {
    /// Records a game won by player `winner` (0 or 1) with `points`.
    pub fn record(&mut self, winner: usize, points: i64) {
        self.wins[winner] += 1;
        self.won[winner] += points;
        self.lost[1 - winner] += points;
    }

    /// Whether a player has won more than half of `games`.
    pub fn decided(&self, games: u32) -> bool {
        self.wins.iter().any(|&w| w > games / 2)
    }

    /// The player who won more games, if one did.
    pub fn winner(&self) -> Option<usize> {
        match self.wins[0].cmp(&self.wins[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// A's net result (B's is its negative): points won less points lost.
    pub fn net(&self) -> i64 {
        self.won[0] - self.lost[0]
    }
}

#[cfg(test)]
mod tests {
    use super::MatchScore;

    /// Document 004, rule 11's example: A wins 15 and 10, B wins 26; A wins the match and pays B 1.
    #[test]
    fn rule_11_example() {
        let mut m = MatchScore::default();
        m.record(0, 15);
        assert!(!m.decided(3));
        m.record(1, 26);
        assert!(!m.decided(3));
        m.record(0, 10);
        assert!(m.decided(3));
        assert_eq!(m.winner(), Some(0));
        assert_eq!(m.net(), -1);
    }

    /// Ruling 4.9.12: A wins 12 and 20: the match is over after two games and A nets 32.
    #[test]
    fn two_wins_end_the_match() {
        let mut m = MatchScore::default();
        m.record(0, 12);
        m.record(0, 20);
        assert!(m.decided(3));
        assert_eq!((m.winner(), m.net()), (Some(0), 32));
    }
}
