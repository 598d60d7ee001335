//! `[roll]`: dice thrown at the start of every turn, whose total the rules read as `roll`.
//!
//! A general chance event, apart from `[dice]` (whose pips each move uses up): any number of dice
//! of any faces (binary sticks, a four-sided die, one ordinary die), thrown once a turn, and a
//! total that the rules read where they like (how far a piece moves, whether it may enter,
//! whether the player throws again).

use super::RollDecl;
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};
use crate::span::Span;
use crate::syntax::game_file::GameFile;

/// The most dice thrown together, and the most faces a die has: every throw of them is
/// counted when the game is loaded, so they are kept small.
const MAX_DICE: i64 = 6;
const MAX_FACES: usize = 20;
/// The highest number on a face.
const MAX_FACE: i64 = 20;
/// The most dice the rules may read one by one (`each = true`): a throw keeps them in one action.
pub const MAX_DICE_EACH: u8 = 3;

pub(crate) fn check_roll(
    file: &GameFile,
    whole_file: Option<Span>,
    diags: &mut Diagnostics,
) -> Option<RollDecl> {
    let section = file.roll.as_ref()?;
    let error = |message: String, span: Option<Span>, label: &str, help: &str| {
        Diagnostic::error(ErrorKind::Other(message), span.or(whole_file))
            .with_label(label.to_string())
            .with_help(help.to_string())
    };
    if file.dice.is_some() {
        let span = (section.dice.as_ref().map(|d| d.span))
            .or(section.sides.as_ref().map(|s| s.span))
            .or(section.faces.as_ref().map(|f| f.span));
        diags.push(error(
            "a game has `[dice]` or `[roll]`, not both".into(),
            span,
            "`[roll]` here",
            "`[dice]` plays each die's pips by a move; `[roll]` throws once a turn for rules that read `roll`",
        ));
        return None;
    }
    let dice = match &section.dice {
        None => 1,
        Some(d) if (1..=MAX_DICE).contains(&d.value) => d.value as u8,
        Some(d) => {
            diags.push(error(
                format!("`dice` must be from 1 to {MAX_DICE}"),
                Some(d.span),
                &format!("{} is out of range", d.value),
                "the number of dice thrown together",
            ));
            return None;
        }
    };
    let faces = faces(section, whole_file, diags)?;
    let each = section.each.as_ref().is_some_and(|e| e.value);
    if let Some(e) = section
        .each
        .as_ref()
        .filter(|_| each && dice > MAX_DICE_EACH)
    {
        diags.push(error(
            format!("the rules read each of {MAX_DICE_EACH} dice at most"),
            Some(e.span),
            &format!("{dice} dice"),
            "throw fewer dice, or read their total alone (`roll`)",
        ));
        return None;
    }
    Some(RollDecl::new(dice, faces, each))
}

/// The numbers on a die's faces: `faces`, or 1 to `sides` (six by default).
fn faces(
    section: &crate::syntax::game_file::RollSection,
    whole_file: Option<Span>,
    diags: &mut Diagnostics,
) -> Option<Vec<u8>> {
    let error = |message: String, span: Span, label: String| {
        Diagnostic::error(ErrorKind::Other(message), Some(span).or(whole_file)).with_label(label)
    };
    match (&section.sides, &section.faces) {
        (Some(_), Some(f)) => {
            diags.push(
                error(
                    "`[roll]` takes `sides` or `faces`, not both".into(),
                    f.span,
                    "the faces given twice".into(),
                )
                .with_help("`sides = 6` is `faces = [1, 2, 3, 4, 5, 6]`"),
            );
            None
        }
        (None, None) => Some((1..=6).collect()),
        (Some(s), None) if (2..=MAX_FACES as i64).contains(&s.value) => {
            Some((1..=s.value as u8).collect())
        }
        (Some(s), None) => {
            diags.push(error(
                format!("`sides` must be from 2 to {MAX_FACES}"),
                s.span,
                format!("{} is out of range", s.value),
            ));
            None
        }
        (None, Some(f)) => {
            if !(2..=MAX_FACES).contains(&f.value.len()) {
                diags.push(
                    error(
                        format!("a die has 2 to {MAX_FACES} faces"),
                        f.span,
                        format!("{} faces", f.value.len()),
                    )
                    .with_help("`faces = [0, 1]` is a binary die, marked on one side"),
                );
                return None;
            }
            let mut faces = Vec::new();
            for face in &f.value {
                if !(0..=MAX_FACE).contains(&face.value) {
                    diags.push(error(
                        format!("a face shows a number from 0 to {MAX_FACE}"),
                        face.span,
                        format!("{} is out of range", face.value),
                    ));
                    return None;
                }
                faces.push(face.value as u8);
            }
            Some(faces)
        }
    }
}
