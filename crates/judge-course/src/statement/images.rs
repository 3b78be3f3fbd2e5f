//! A statement's images: which references name a file the server serves, and the inline
//! images a statement may carry.
//!
//! A reference is served when it is a plain relative path (letters, digits, `.`, `_`, `-`
//! and `/` between folders; no `..`, no leading `/` or `.`, no scheme, no query) to an
//! existing regular PNG, GIF, JPEG or WebP file inside the statement's folder, reached
//! through no symbolic link, whose first bytes are of the type its extension says. An
//! inline image is a `data:image/{png,gif,jpeg,webp}` URI. A package is untrusted input:
//! anything else it points an image at (another site, `../../etc/passwd`, an absolute
//! path, a symbolic link, a file of another kind) is dropped from the page and refused
//! by the route that serves the images.

use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// The largest image served, in bytes.
pub const MAX_IMAGE_BYTES: u64 = 8 << 20;
/// The most folders a reference goes down.
const MAX_DEPTH: usize = 8;

/// The kinds of image served.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageType {
    /// PNG.
    Png,
    /// GIF.
    Gif,
    /// JPEG.
    Jpeg,
    /// WebP.
    Webp,
}

impl ImageType {
    /// Its media type.
    pub fn content_type(self) -> &'static str {
        match self {
            ImageType::Png => "image/png",
            ImageType::Gif => "image/gif",
            ImageType::Jpeg => "image/jpeg",
            ImageType::Webp => "image/webp",
        }
    }

    fn of_extension(name: &str) -> Option<ImageType> {
        let (_, extension) = name.rsplit_once('.')?;
        match extension.to_ascii_lowercase().as_str() {
            "png" => Some(ImageType::Png),
            "gif" => Some(ImageType::Gif),
            "jpg" | "jpeg" => Some(ImageType::Jpeg),
            "webp" => Some(ImageType::Webp),
            _ => None,
        }
    }

    /// Whether a file starting with `head` is of this type (its signature).
    fn starts(self, head: &[u8]) -> bool {
        match self {
            ImageType::Png => head.starts_with(b"\x89PNG\r\n\x1a\n"),
            ImageType::Gif => head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a"),
            ImageType::Jpeg => head.starts_with(b"\xff\xd8\xff"),
            ImageType::Webp => head.len() >= 12 && &head[..4] == b"RIFF" && &head[8..12] == b"WEBP",
        }
    }
}

/// The folders and file name of a reference that is a plain relative path to an image
/// file (see the module's documentation), with the type its extension names.
pub fn relative_path(reference: &str) -> Option<(Vec<&str>, ImageType)> {
    let segments: Vec<&str> = reference.split('/').collect();
    let plain = |segment: &&str| {
        !segment.is_empty()
            && !segment.starts_with('.')
            && segment
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-'))
    };
    if segments.len() > MAX_DEPTH + 1 || !segments.iter().all(plain) {
        return None;
    }
    let kind = ImageType::of_extension(segments.last()?)?;
    Some((segments, kind))
}

/// An image file of a statement's folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementImage {
    /// The file.
    pub path: PathBuf,
    /// Its type.
    pub kind: ImageType,
}

/// The image `reference` names inside `folder`, if it is one the server serves.
pub fn resolve(folder: &Path, reference: &str) -> Option<StatementImage> {
    let (segments, kind) = relative_path(reference)?;
    let mut path = folder.to_path_buf();
    let last = segments.len() - 1;
    for (index, segment) in segments.iter().enumerate() {
        path.push(segment);
        // Each step is looked at itself, never followed: a symbolic link anywhere on the
        // way could lead out of the folder.
        let metadata = std::fs::symlink_metadata(&path).ok()?;
        let wanted = if index == last {
            metadata.is_file()
        } else {
            metadata.is_dir()
        };
        if !wanted {
            return None;
        }
    }
    let image = StatementImage { path, kind };
    let mut head = [0u8; 12];
    let mut file = image.open().ok()?;
    let read = file.read(&mut head).ok()?;
    kind.starts(&head[..read]).then_some(image)
}

impl StatementImage {
    /// Opens the file, refusing a symbolic link put in its place since it was resolved.
    fn open(&self) -> std::io::Result<std::fs::File> {
        std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(nix::libc::O_NOFOLLOW)
            .open(&self.path)
    }

    /// The file's bytes (an error for anything but a regular file of at most
    /// [`MAX_IMAGE_BYTES`]).
    pub fn read(&self) -> std::io::Result<Vec<u8>> {
        let file = self.open()?;
        let metadata = file.metadata()?;
        if !metadata.is_file() || metadata.len() > MAX_IMAGE_BYTES {
            return Err(std::io::Error::other(format!(
                "{}: not a regular file of at most {MAX_IMAGE_BYTES} bytes",
                self.path.display()
            )));
        }
        let mut bytes = Vec::with_capacity(metadata.len() as usize);
        file.take(MAX_IMAGE_BYTES).read_to_end(&mut bytes)?;
        Ok(bytes)
    }
}

/// Whether `src` is an inline image of a type served (`data:image/png;base64,...`).
pub fn is_data_image(src: &str) -> bool {
    let Some((scheme, rest)) = src.split_once(':') else {
        return false;
    };
    let Some((media_type, _)) = rest.split_once([';', ',']) else {
        return false;
    };
    scheme.eq_ignore_ascii_case("data")
        && ["image/png", "image/gif", "image/jpeg", "image/webp"]
            .iter()
            .any(|allowed| media_type.eq_ignore_ascii_case(allowed))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

    #[test]
    fn only_plain_relative_paths_to_images_are_references() {
        assert!(relative_path("figure.png").is_some());
        assert!(relative_path("img/plan-1_b.JPG").is_some());
        assert!(relative_path("图/一.webp").is_some());
        for refused in [
            "../figure.png",
            "img/../../x.png",
            "./figure.png",
            "/etc/x.png",
            "//example.com/x.png",
            "https://example.com/x.png",
            "figure.png?x=1",
            "fig ure.png",
            "img//x.png",
            ".hidden.png",
            "figure.svg",
            "problem.yaml",
            "a\\b.png",
            "",
        ] {
            assert_eq!(relative_path(refused), None, "{refused}");
        }
    }

    #[test]
    fn a_reference_resolves_to_a_real_image_reached_without_symbolic_links() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("statement");
        std::fs::create_dir_all(folder.join("img")).unwrap();
        std::fs::write(folder.join("figure.png"), PNG).unwrap();
        std::fs::write(folder.join("img/plan.png"), PNG).unwrap();
        std::fs::write(folder.join("fake.png"), "not a picture").unwrap();
        std::fs::write(dir.path().join("outside.png"), PNG).unwrap();
        std::os::unix::fs::symlink(dir.path().join("outside.png"), folder.join("link.png"))
            .unwrap();
        std::os::unix::fs::symlink(folder.join("img"), folder.join("linked")).unwrap();

        let figure = resolve(&folder, "figure.png").unwrap();
        assert_eq!(figure.kind, ImageType::Png);
        assert_eq!(figure.read().unwrap(), PNG);
        assert!(resolve(&folder, "img/plan.png").is_some());
        for refused in [
            "link.png",
            "linked/plan.png",
            "fake.png",
            "missing.png",
            "img",
            "../outside.png",
        ] {
            assert_eq!(resolve(&folder, refused), None, "{refused}");
        }
    }

    #[test]
    fn inline_images_are_of_the_types_served() {
        assert!(is_data_image("data:image/png;base64,iVBORw0KGgo="));
        assert!(is_data_image("DATA:image/JPEG,xyz"));
        assert!(!is_data_image("data:image/svg+xml;base64,PHN2Zz4="));
        assert!(!is_data_image("data:text/html,<script>"));
        assert!(!is_data_image("data:image/png"));
        assert!(!is_data_image("https://example.com/x.png"));
    }
}
