//! The arrow for the next turn (follow along): on each face beside the
//! turning layer, a straight arrow along that layer's row or column of
//! stickers, pointing the way they travel; a half turn has two heads. It is
//! dark with a light rim, so it reads on every sticker colour, and only the
//! faces towards the viewer show it (back faces are culled).

use super::{grid, instance_coloured};
use crate::cube::cubie::{Face, Move};
use crate::cube::geometry::{normal, signed_quarters};
use three_d::{
    vec3, vec4, ColorMaterial, Context, CpuMesh, Gm, Indices, InstancedMesh, Instances, Mat4,
    Positions, Srgba,
};

/// How far above the stickers the rim and the arrow lie, in cubie widths:
/// the arrow nearer the viewer than its rim, both clear of the stickers.
const RIM_LIFT: f32 = 0.02;
const CORE_LIFT: f32 = 0.035;
/// The rim is the arrow drawn this much larger about its middle.
const RIM_SCALE: f32 = 1.14;
const CORE: Srgba = Srgba::new_opaque(17, 17, 20);
const RIM: Srgba = Srgba::new_opaque(255, 255, 255);

/// An arrow along +x from x = -1.25 to 1.25 in the xy-plane, facing +z
/// (counter-clockwise seen from +z): a shaft, then `heads` heads.
fn arrow(heads: usize) -> CpuMesh {
    const SHAFT: f32 = 0.1;
    const HEAD: f32 = 0.32;
    const HEAD_LENGTH: f32 = 0.62;
    const TIP: f32 = 1.25;
    // Heads overlap by a fifth of their length, so two read as one double head.
    let step = HEAD_LENGTH * 0.8;
    let base = TIP - HEAD_LENGTH - step * (heads as f32 - 1.0);
    let mut positions = vec![
        vec3(-TIP, -SHAFT, 0.0),
        vec3(base, -SHAFT, 0.0),
        vec3(base, SHAFT, 0.0),
        vec3(-TIP, SHAFT, 0.0),
    ];
    let mut indices = vec![0, 1, 2, 0, 2, 3];
    for k in 0..heads {
        let back = base + step * k as f32;
        let first = positions.len() as u16;
        positions.extend([
            vec3(back, -HEAD, 0.0),
            vec3(back + HEAD_LENGTH, 0.0, 0.0),
            vec3(back, HEAD, 0.0),
        ]);
        indices.extend([first, first + 1, first + 2]);
    }
    CpuMesh {
        positions: Positions::F32(positions),
        indices: Indices::U16(indices),
        ..Default::default()
    }
}

/// The arrows' GL side: a one-headed and a two-headed mesh.
pub struct Arrows {
    one: Gm<InstancedMesh, ColorMaterial>,
    two: Gm<InstancedMesh, ColorMaterial>,
    /// Whether the last `place` used the two-headed mesh (a half turn).
    half: bool,
}

impl Arrows {
    pub fn new(context: &Context) -> Arrows {
        let material = instance_coloured();
        let mesh = |heads| {
            Gm::new(
                InstancedMesh::new(context, &Instances::default(), &arrow(heads)),
                material.clone(),
            )
        };
        Arrows {
            one: mesh(1),
            two: mesh(2),
            half: false,
        }
    }

    /// Points out `m`, for a cube whose stickers lie `surface` from the
    /// centre of their cubie.
    pub fn place(&mut self, m: Move, surface: f32) {
        let turning = normal(m.face);
        let quarters = signed_quarters(m);
        let mut transformations = Vec::new();
        let mut colors = Vec::new();
        for beside in Face::ALL {
            let n = normal(beside);
            if n.iter().zip(turning).any(|(a, b)| a * b != 0) {
                continue;
            }
            let (n, t) = (grid(n), grid(turning));
            // A layer turning by a negative angle about its face's normal
            // (clockwise) carries a sticker at n + t along n × t.
            let along = if quarters < 0 { t.cross(n) } else { n.cross(t) };
            let side = n.cross(along);
            for (lift, scale, colour) in [(RIM_LIFT, RIM_SCALE, RIM), (CORE_LIFT, 1.0, CORE)] {
                let centre = n * (1.0 + surface + lift) + t;
                let frame = Mat4::from_cols(
                    along.extend(0.0),
                    side.extend(0.0),
                    n.extend(0.0),
                    vec4(centre.x, centre.y, centre.z, 1.0),
                );
                transformations.push(frame * Mat4::from_scale(scale));
                colors.push(colour);
            }
        }
        self.half = quarters == 2;
        let arrows = if self.half {
            &mut self.two
        } else {
            &mut self.one
        };
        arrows.geometry.set_instances(&Instances {
            transformations,
            colors: Some(colors),
            ..Default::default()
        });
    }

    /// What to draw for the move last placed.
    pub fn object(&self) -> &Gm<InstancedMesh, ColorMaterial> {
        if self.half {
            &self.two
        } else {
            &self.one
        }
    }
}
