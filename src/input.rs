//! Reading the text files a user names (games, positions, rule cases): bounded in size, so that
//! `tabula check /dev/zero` or a huge file is refused instead of read until memory runs out.

use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest input file, in bytes. The largest game shipped is under 8 KB; a file that needs
/// more than this is almost surely not what was meant.
pub const MAX_INPUT_BYTES: u64 = 1 << 20;

/// The whole text of a file of at most [`MAX_INPUT_BYTES`]. Errors say what went wrong in words
/// that fit after "cannot read `PATH`: ".
pub fn read_text(path: &Path) -> std::io::Result<String> {
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    // One byte more than allowed tells a file at the limit from a larger one.
    file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!(
                "the file is larger than {} bytes (1 MiB), the most an input file may have",
                MAX_INPUT_BYTES
            ),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "the file is not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// The folder of game files: `TABULA_GAMES`, else `games/` here, else the one this crate shipped
/// with. Read at run time, so an edited or added file takes effect without a rebuild.
pub fn games_folder() -> PathBuf {
    std::env::var_os("TABULA_GAMES")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let local = PathBuf::from("games");
            if local.is_dir() {
                local
            } else {
                Path::new(env!("CARGO_MANIFEST_DIR")).join("games")
            }
        })
}
