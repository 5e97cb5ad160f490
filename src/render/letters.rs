//! Face letters on the stickers (U R F D L B): the six glyphs are drawn
//! once, in the browser's own sans-serif font, into a texture with a 2D
//! canvas (so no font ships in the wasm), and each sticker gets a square
//! of that texture in its ink colour, just in front of it.

use crate::cube::cubie::Face;
use three_d::{
    vec3, Blend, ColorMaterial, Context, CpuMesh, Cull, Gm, InstancedMesh, Instances,
    Interpolation, Mat3, Mat4, Mipmap, RenderStates, Srgba, Texture2D, Texture2DRef, Wrapping,
    WriteMask,
};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// One glyph's cell in the texture, in pixels: large enough that the
/// letters stay sharp on a phone's high-density screen.
const CELL: u32 = 128;

/// How far in front of its sticker a letter floats, in sticker half-widths:
/// enough to win the depth test, too little to see.
const LIFT: f32 = 0.01;

/// The six glyphs, in `Face::ALL` order, white on transparent, side by
/// side: RGBA pixels of a `6 * CELL` by `CELL` image.
fn glyphs() -> Result<Vec<u8>, String> {
    const CANNOT: &str = "cannot draw the sticker letters";
    let fail = |what: &'static str| move |e: JsValue| format!("{CANNOT} ({what}): {e:?}");
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or(format!("{CANNOT}: no document"))?;
    let canvas: HtmlCanvasElement = document
        .create_element("canvas")
        .map_err(fail("canvas"))?
        .dyn_into()
        .map_err(|_| format!("{CANNOT}: no canvas element"))?;
    let width = CELL * Face::ALL.len() as u32;
    canvas.set_width(width);
    canvas.set_height(CELL);
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(fail("2D context"))?
        .and_then(|context| context.dyn_into().ok())
        .ok_or(format!("{CANNOT}: no 2D context"))?;
    context.set_fill_style_str("#fff");
    context.set_font(&format!("bold {}px sans-serif", CELL * 5 / 8));
    context.set_text_align("center");
    context.set_text_baseline("middle");
    let centre = f64::from(CELL) / 2.0;
    for (k, face) in Face::ALL.into_iter().enumerate() {
        let x = f64::from(CELL) * k as f64 + centre;
        context
            .fill_text(&face.letter().to_string(), x, centre)
            .map_err(fail("text"))?;
    }
    let image = context
        .get_image_data(0.0, 0.0, f64::from(width), f64::from(CELL))
        .map_err(fail("pixels"))?;
    Ok(image.data().0)
}

/// The letters' GL side: one textured square per sticker.
pub struct Letters {
    squares: Gm<InstancedMesh, ColorMaterial>,
}

impl Letters {
    pub fn new(context: &Context) -> Result<Letters, String> {
        let pixels = glyphs()?;
        // One format only (RGBA bytes): `Texture2D::new` would bring every
        // format's upload code into the wasm.
        let texture = Texture2D::new_empty::<[u8; 4]>(
            context,
            CELL * Face::ALL.len() as u32,
            CELL,
            Interpolation::Linear,
            Interpolation::Linear,
            // Each glyph keeps a margin in its cell, so neither mipmaps nor
            // filtering bleed one letter into the next.
            Some(Mipmap::default()),
            Wrapping::ClampToEdge,
            Wrapping::ClampToEdge,
        );
        let texels: Vec<[u8; 4]> = pixels
            .chunks_exact(4)
            .map(|p| [p[0], p[1], p[2], p[3]])
            .collect();
        texture.fill(&texels);
        let material = ColorMaterial {
            color: Srgba::WHITE,
            texture: Some(Texture2DRef::from_texture(texture)),
            render_states: RenderStates {
                write_mask: WriteMask::COLOR,
                blend: Blend::TRANSPARENCY,
                cull: Cull::Back,
                ..Default::default()
            },
            is_transparent: true,
        };
        Ok(Letters {
            squares: Gm::new(
                InstancedMesh::new(context, &Instances::default(), &CpuMesh::square()),
                material,
            ),
        })
    }

    /// Places a letter on each sticker: `stickers` gives each sticker's
    /// placement (the unit square's transform), its face and its lit ink.
    pub fn place(&mut self, stickers: impl Iterator<Item = (Mat4, Face, Srgba)>) {
        let lift = Mat4::from_translation(vec3(0.0, 0.0, LIFT));
        let width = 1.0 / Face::ALL.len() as f32;
        let mut transformations = Vec::new();
        let mut cells = Vec::new();
        let mut inks = Vec::new();
        for (placement, face, ink) in stickers {
            transformations.push(placement * lift);
            // The face's cell: u scaled to one cell's width, then moved to it.
            let u = face.index() as f32 * width;
            cells.push(Mat3::new(width, 0.0, 0.0, 0.0, 1.0, 0.0, u, 0.0, 1.0));
            inks.push(ink);
        }
        self.squares.geometry.set_instances(&Instances {
            transformations,
            texture_transformations: Some(cells),
            colors: Some(inks),
        });
    }

    /// What to draw, after the stickers: the letters blend over them.
    pub fn object(&self) -> &Gm<InstancedMesh, ColorMaterial> {
        &self.squares
    }
}
