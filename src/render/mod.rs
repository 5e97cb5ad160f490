//! The 3D cube, drawn with three-d into the page's own WebGL2 `<canvas>`:
//! 26 dark cubie bodies and 54 stickers in the palette's colours, placed by
//! `geometry`, lit so the cube reads as a solid, with the turning layer
//! rotated as `playback` says, and each sticker's face letter on it when
//! asked (`letters`). Optional hint stickers float beyond the D, B and L
//! faces, facing the viewer, so all six faces read from the one starting
//! view. Follow along adds an arrow for the next turn (`arrow`). The
//! renderer draws only when asked; the page's animation loop decides when.

mod arrow;
mod letters;

use crate::cube::cubie::{Face, Move};
use crate::cube::facelet;
use crate::cube::geometry::{grid_axis, in_layer, normal, sticker_place};
use crate::show::palette::{self, Rgb};
use arrow::Arrows;
use letters::Letters;
use std::sync::Arc;
use three_d::{
    degrees, radians, vec3, Camera, ClearState, ColorMaterial, CpuMesh, Cull, Gm, Indices,
    InnerSpace, InstancedMesh, Instances, Mat4, Positions, RenderStates, RenderTarget, Srgba,
    ToneMapping, Vec3, Viewport,
};
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, WebGl2RenderingContext, WebGlContextAttributes};

fn srgba([r, g, b]: Rgb) -> Srgba {
    Srgba::new_opaque(r, g, b)
}

const BODY_COLOUR: Srgba = Srgba::new_opaque(22, 22, 26);
/// How far a cubie's faces sit from its centre (the grid spacing is 1); the
/// faces themselves span the full cell, so the outside reads as one dark body
/// with no seams, while the two sides of a turning cut stay apart.
const BODY_HALF: f32 = 0.485;
/// Half the edge of a sticker, and its corner radius.
const STICKER_HALF: f32 = 0.42;
const STICKER_RADIUS: f32 = 0.09;
/// The faces the starting view cannot see, which hint stickers show.
const HIDDEN_FACES: [Face; 3] = [Face::D, Face::B, Face::L];
/// How far beyond its face a hint sticker floats, so the cube hides little
/// of the hint faces from the starting view.
const HINT_GAP: f32 = 1.7;
/// How much further the camera stands with hints on, to keep them in frame.
const HINT_ROOM: f32 = 1.4;

/// Camera orbit around the cube, kept apart from the GL objects so it
/// survives a lost context.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Turn about the vertical axis, in degrees.
    pub yaw: f32,
    /// Tilt above the horizon, in degrees.
    pub pitch: f32,
    /// Camera distance from the centre, in cubie widths.
    pub distance: f32,
    /// Whether hint stickers show the hidden D, B and L faces.
    pub hints: bool,
}

impl Default for View {
    /// Looking at the U, F and R faces, without hints.
    fn default() -> View {
        View {
            yaw: 35.0,
            pitch: 30.0,
            distance: 11.5,
            hints: false,
        }
    }
}

impl View {
    pub const PITCH_LIMIT: f32 = 85.0;
    pub const DISTANCE_RANGE: (f32, f32) = (7.0, 24.0);

    /// Drags the view by a pointer movement measured in CSS pixels.
    pub fn orbit(&mut self, dx: f32, dy: f32) {
        if dx.is_finite() && dy.is_finite() {
            self.yaw = (self.yaw - dx * 0.4) % 360.0;
            self.pitch = (self.pitch + dy * 0.4).clamp(-Self::PITCH_LIMIT, Self::PITCH_LIMIT);
        }
    }

    /// Moves the camera closer (`factor` < 1) or further, within limits.
    pub fn zoom(&mut self, factor: f32) {
        if factor.is_finite() && factor > 0.0 {
            self.distance =
                (self.distance * factor).clamp(Self::DISTANCE_RANGE.0, Self::DISTANCE_RANGE.1);
        }
    }

    /// Back to the starting camera; the hints stay as they are.
    pub fn reset(&mut self) {
        *self = View {
            hints: self.hints,
            ..View::default()
        };
    }

    fn eye(&self) -> Vec3 {
        let (yaw, pitch) = (self.yaw.to_radians(), self.pitch.to_radians());
        let room = if self.hints { HINT_ROOM } else { 1.0 };
        vec3(
            yaw.sin() * pitch.cos(),
            pitch.sin(),
            yaw.cos() * pitch.cos(),
        ) * (self.distance * room)
    }
}

/// What one frame shows: stickers in facelet order, and the turn under way
/// or to come.
pub struct Scene<'a> {
    /// The turning layer and its rotation in radians about the face's
    /// outward normal (as `playback::Frame` gives it).
    pub turning: Option<(Face, f32)>,
    /// Each sticker's colour (the stage view or the painted cube decides).
    pub colours: &'a [Rgb; facelet::N_FACELETS],
    /// Each sticker's face letter, if it has one: a sticker not yet painted
    /// has none.
    pub faces: &'a [Option<Face>; facelet::N_FACELETS],
    /// The move to point out with an arrow (follow along's next turn).
    pub arrow: Option<Move>,
}

/// The GL side of the cube. Dropped and rebuilt when the context is lost.
pub struct Renderer {
    context: three_d::Context,
    camera: Camera,
    /// One square per face of each cubie body.
    bodies: Gm<InstancedMesh, ColorMaterial>,
    stickers: Gm<InstancedMesh, ColorMaterial>,
    /// Built when the letters are first shown; `None` while they are off.
    letters: Option<Letters>,
    arrows: Arrows,
    /// The clear colour: the page's background, light or dark.
    background: Rgb,
}

fn grid(p: [i32; 3]) -> Vec3 {
    vec3(p[0] as f32, p[1] as f32, p[2] as f32)
}

/// The material of a mesh drawn many times, each instance in its own
/// colour; only its front faces show.
fn instance_coloured() -> ColorMaterial {
    ColorMaterial {
        color: Srgba::WHITE,
        render_states: RenderStates {
            cull: Cull::Back,
            ..Default::default()
        },
        ..Default::default()
    }
}

/// Turns the square in the xy-plane (facing +z) to face `face`.
fn facing(face: Face) -> Mat4 {
    match face {
        Face::F => Mat4::from_scale(1.0),
        Face::B => Mat4::from_angle_y(degrees(180.0)),
        Face::R => Mat4::from_angle_y(degrees(90.0)),
        Face::L => Mat4::from_angle_y(degrees(-90.0)),
        Face::U => Mat4::from_angle_x(degrees(-90.0)),
        Face::D => Mat4::from_angle_x(degrees(90.0)),
    }
}

/// A flat rounded square in the xy-plane spanning [-1, 1], facing +z.
fn rounded_square() -> CpuMesh {
    const SEGMENTS: usize = 6;
    let radius = STICKER_RADIUS / STICKER_HALF;
    let inner = 1.0 - radius;
    let mut positions = vec![vec3(0.0, 0.0, 0.0)];
    for (cx, cy, start) in [
        (inner, inner, 0.0f32),
        (-inner, inner, 90.0),
        (-inner, -inner, 180.0),
        (inner, -inner, 270.0),
    ] {
        for k in 0..=SEGMENTS {
            let a = (start + 90.0 * k as f32 / SEGMENTS as f32).to_radians();
            positions.push(vec3(cx + radius * a.cos(), cy + radius * a.sin(), 0.0));
        }
    }
    let rim = positions.len() as u16 - 1;
    let indices = (0..rim)
        .flat_map(|i| [0, 1 + i, 1 + (i + 1) % rim])
        .collect();
    CpuMesh {
        positions: Positions::F32(positions),
        indices: Indices::U16(indices),
        ..Default::default()
    }
}

/// Whether the body face of the cubie at `p` looking out of `face` can be
/// seen: it is on the outside, or on either side of the cut a turn opens.
fn can_show(p: [i32; 3], face: Face, turn: Option<(Face, f32)>) -> bool {
    let n = normal(face);
    let axis = grid_axis(face);
    if p[axis] == n[axis] {
        return true;
    }
    match turn {
        Some((turning, _)) if grid_axis(turning) == axis => {
            let layer = normal(turning)[axis];
            (p[axis] == layer && n[axis] == -layer) || (p[axis] == 0 && n[axis] == layer)
        }
        _ => false,
    }
}

/// Lambert shading with a light that sits above and to the left of the
/// viewer, so whichever faces are in view read as a solid.
struct Light {
    direction: Vec3,
}

impl Light {
    const AMBIENT: f32 = 0.62;

    fn new(view: &View) -> Light {
        let eye = view.eye().normalize();
        let right = vec3(0.0, 1.0, 0.0).cross(eye).normalize();
        let up = eye.cross(right);
        Light {
            direction: (eye * 0.8 + up * 0.55 - right * 0.2).normalize(),
        }
    }

    /// `colour` lit on a surface whose outward normal is `normal`.
    fn shade(&self, colour: Srgba, normal: Vec3) -> Srgba {
        let diffuse = normal.dot(self.direction).max(0.0);
        let k = Self::AMBIENT + (1.0 - Self::AMBIENT) * diffuse;
        let scale = |c: u8| (f32::from(c) * k).round().min(255.0) as u8;
        Srgba::new_opaque(scale(colour.r), scale(colour.g), scale(colour.b))
    }
}

/// The page canvas's WebGL2 context, with a drawing buffer tests can read.
pub fn webgl2(canvas: &HtmlCanvasElement) -> Result<WebGl2RenderingContext, String> {
    let attributes = WebGlContextAttributes::new();
    attributes.set_antialias(false);
    attributes.set_preserve_drawing_buffer(true);
    canvas
        .get_context_with_context_options("webgl2", &attributes)
        .map_err(|e| format!("WebGL2 is not available: {e:?}"))?
        .ok_or("this browser does not offer WebGL2")?
        .dyn_into::<WebGl2RenderingContext>()
        .map_err(|_| "the canvas returned a context that is not WebGL2".to_string())
}

impl Renderer {
    pub fn new(gl: WebGl2RenderingContext) -> Result<Renderer, String> {
        let glow = three_d::context::Context::from_webgl2_context(gl);
        // three-d takes its GL context as an `Arc`; the page has one thread.
        #[allow(clippy::arc_with_non_send_sync)]
        let glow = Arc::new(glow);
        let context = three_d::Context::from_gl_context(glow)
            .map_err(|e| format!("cannot start the 3D renderer: {e}"))?;
        let mut camera = Camera::new_perspective(
            Viewport::new_at_origo(1, 1),
            View::default().eye(),
            vec3(0.0, 0.0, 0.0),
            vec3(0.0, 1.0, 0.0),
            degrees(30.0),
            0.1,
            100.0,
        );
        camera.tone_mapping = ToneMapping::None;
        let material = instance_coloured();
        let mut body_face = CpuMesh::square();
        body_face
            .transform(Mat4::from_scale(0.5))
            .map_err(|e| e.to_string())?;
        let bodies = Gm::new(
            InstancedMesh::new(&context, &Instances::default(), &body_face),
            material.clone(),
        );
        let stickers = Gm::new(
            InstancedMesh::new(&context, &Instances::default(), &rounded_square()),
            material,
        );
        Ok(Renderer {
            arrows: Arrows::new(&context),
            context,
            camera,
            bodies,
            stickers,
            letters: None,
            background: palette::BACKGROUND,
        })
    }

    /// Clears to `background` from the next frame on.
    pub fn set_background(&mut self, background: Rgb) {
        self.background = background;
    }

    /// Shows or hides each sticker's face letter.
    pub fn set_letters(&mut self, on: bool) -> Result<(), String> {
        self.letters = match self.letters.take() {
            Some(letters) if on => Some(letters),
            None if on => Some(Letters::new(&self.context)?),
            _ => None,
        };
        Ok(())
    }

    /// Draws `scene` seen from `view` into a drawing buffer of the given
    /// size in device pixels. A sticker's letter is its real face's,
    /// whatever colour the stage view gives it.
    pub fn draw(&mut self, scene: &Scene, view: &View, width: u32, height: u32) {
        let colours = scene.colours;
        let (width, height) = (width.max(1), height.max(1));
        self.camera
            .set_viewport(Viewport::new_at_origo(width, height));
        self.camera
            .set_view(view.eye(), vec3(0.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0));
        let layer = |p: [i32; 3]| match scene.turning {
            Some((face, angle)) if in_layer(face, p) => {
                Mat4::from_axis_angle(grid(normal(face)).normalize(), radians(angle))
            }
            _ => Mat4::from_scale(1.0),
        };
        let light = Light::new(view);
        let mut body_faces = Vec::with_capacity(26 * 6);
        let mut body_colours = Vec::with_capacity(26 * 6);
        for x in -1..=1 {
            for y in -1..=1 {
                for z in -1..=1 {
                    let p = [x, y, z];
                    if p == [0, 0, 0] {
                        continue;
                    }
                    let turn = layer(p);
                    for face in Face::ALL
                        .into_iter()
                        .filter(|&f| can_show(p, f, scene.turning))
                    {
                        let n = grid(normal(face));
                        let centre = grid(p) + n * BODY_HALF;
                        body_faces.push(turn * Mat4::from_translation(centre) * facing(face));
                        body_colours
                            .push(light.shade(BODY_COLOUR, (turn * n.extend(0.0)).truncate()));
                    }
                }
            }
        }
        let hints = (0..facelet::N_FACELETS)
            .filter(|&i| view.hints && HIDDEN_FACES.contains(&sticker_place(i).1))
            .map(|i| (i, true));
        let places: Vec<(usize, Mat4, Vec3)> = (0..facelet::N_FACELETS)
            .map(|i| (i, false))
            .chain(hints)
            .map(|(i, hint)| {
                let (p, face) = sticker_place(i);
                let n = grid(normal(face));
                let turn = layer(p);
                // A hint floats further out and faces back towards the cube,
                // where the viewer is.
                let (gap, towards) = if hint {
                    (HINT_GAP, face.opposite())
                } else {
                    (0.004, face)
                };
                let placement = turn
                    * Mat4::from_translation(grid(p) + n * (BODY_HALF + gap))
                    * facing(towards)
                    * Mat4::from_scale(STICKER_HALF);
                let lit = turn * grid(normal(towards)).extend(0.0);
                (i, placement, lit.truncate())
            })
            .collect();
        // A hint (placed after the 54 stickers) floats alone, with no body
        // behind it: a dark square just behind each, a little larger, keeps
        // a white or pale sticker apart from a pale background.
        for &(_, placement, n) in &places[facelet::N_FACELETS..] {
            body_faces.push(
                placement * Mat4::from_translation(vec3(0.0, 0.0, -0.01)) * Mat4::from_scale(2.3),
            );
            body_colours.push(light.shade(BODY_COLOUR, n));
        }
        if let Some(letters) = self.letters.as_mut() {
            letters.place(places.iter().filter_map(|&(i, placement, n)| {
                let ink = light.shade(srgba(palette::ink(colours[i])), n);
                scene.faces[i].map(|face| (placement, face, ink))
            }));
        }
        if let Some(m) = scene.arrow {
            self.arrows.place(m, BODY_HALF);
        }
        let (transformations, colours) = places
            .iter()
            .map(|&(i, placement, n)| (placement, light.shade(srgba(colours[i]), n)))
            .unzip();
        self.bodies.geometry.set_instances(&Instances {
            transformations: body_faces,
            colors: Some(body_colours),
            ..Default::default()
        });
        self.stickers.geometry.set_instances(&Instances {
            transformations,
            colors: Some(colours),
            ..Default::default()
        });
        let [r, g, b] = self.background.map(|c| c as f32 / 255.0);
        // The arrow lies just above the stickers it points along, so depth
        // alone puts it on top, in the one render call (a second would bring
        // three-d's whole render path into the page's module again).
        let arrow = scene.arrow.iter().flat_map(|_| self.arrows.object());
        RenderTarget::screen(&self.context, width, height)
            .clear(ClearState::color_and_depth(r, g, b, 1.0, 1.0))
            .render(
                &self.camera,
                self.bodies
                    .into_iter()
                    .chain(&self.stickers)
                    .chain(self.letters.iter().flat_map(Letters::object))
                    .chain(arrow),
                &[],
            );
    }
}
