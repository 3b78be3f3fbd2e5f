//! A test's picture on the result page: the visualizer's SVG (cleaned by judge-core when
//! it was drawn) as an image, or the one-line note saying why there is none. The SVG is
//! shown through `<img>` from a `data:` address, never inlined in the page: a browser runs
//! no script and loads nothing for an SVG shown as an image, whatever the SVG holds.

use judge_model::verdict::Picture;
use maud::{html, Markup};
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

judge_i18n::texts! {
    /// Texts of a test's picture.
    pub struct PictureTexts {
        caption => "Your output drawn on the test:", "你的输出在测试数据上的图示：";
        caption_own => "Your output drawn on your input:", "你的输出在你的输入上的图示：";
        alt => "A picture of the output on the test's grid", "输出在测试网格上的图示";
        none => "No picture:", "没有图示：";
    }
}

/// What is left as it is in the `data:` address (the rest is percent-encoded).
const KEPT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b' ')
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'=')
    .remove(b':')
    .remove(b',')
    .remove(b'/');

/// The `data:` address of an SVG document.
pub fn data_address(svg: &str) -> String {
    format!("data:image/svg+xml,{}", utf8_percent_encode(svg, KEPT))
}

/// A test's picture or its note, under a caption.
pub fn picture(picture: &Picture) -> Markup {
    let t = PictureTexts::current();
    drawn(picture, t.caption())
}

/// A self-test's picture (the student's own input) or its note, under a caption.
pub fn own_input(picture: &Picture) -> Markup {
    let t = PictureTexts::current();
    drawn(picture, t.caption_own())
}

fn drawn(picture: &Picture, caption: &str) -> Markup {
    let t = PictureTexts::current();
    html! {
        div class="test-extra picture" {
            @match picture {
                Picture::Svg { svg } => {
                    span class="caption" { (caption) }
                    img class="picture" src=(data_address(svg)) alt=(t.alt());
                }
                Picture::Note { note } => {
                    span class="caption" { (t.none()) " " samp class="picture-note" { (note) } }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_svg_is_an_image_address_with_nothing_that_ends_the_attribute() {
        let address = data_address(
            r#"<svg xmlns="http://www.w3.org/2000/svg"><text>"a" & 'b' #</text></svg>"#,
        );
        assert!(
            address
                .starts_with("data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22%3E"),
            "{address}"
        );
        assert!(
            !address.contains(['"', '\'', '<', '>', '&', '#']),
            "{address}"
        );
    }
}
