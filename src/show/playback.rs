//! Playback: the timeline model behind the page's cube. From a scrambled
//! state and the four stages' move lists it answers, at any moment, which
//! state is shown, which layer is turning and by how much, and which move and
//! stage are current. Step, seek, play and pause act on it; `tick` advances
//! eased layer turns in which a half turn takes twice as long as a quarter.
//! With reduced motion, a move shows at once and playback holds for the
//! time its turn would take, so it still advances move by move. A position
//! belongs to the stage whose move comes next (the stage that starts there),
//! however it was reached: a chip goes to its stage's start and stays there,
//! and Play from there plays that stage and stops at its end. A stage
//! found on the inverse scramble (NISS) plays on the inverse-side cube: at
//! a change of side the cube shown is the other side's, from the boundary
//! on (it belongs to the stage that starts there).

use crate::cube::cubie::{CubieCube, Face, Move};
use crate::cube::geometry::signed_quarters;
use crate::solve::niss::Side;
use crate::solve::stage::StageKind;
use std::f32::consts::FRAC_PI_2;

/// Seconds a quarter turn takes at speed 1; a half turn takes twice as long.
pub const QUARTER_TURN_SECONDS: f64 = 0.3;
/// Slowest and fastest playback speed factors.
pub const SPEED_RANGE: (f64, f64) = (0.25, 8.0);

/// The moves from a scrambled state to solved, split into stages.
#[derive(Clone, Debug)]
pub struct Timeline {
    moves: Vec<Move>,
    /// `states[k]` is the cube after the first `k` moves, as the side of
    /// the next move sees it (after the last, the last move's side): where
    /// the whole solution starts, the real scramble.
    states: Vec<CubieCube>,
    /// `bounds[s]..bounds[s + 1]` are the move indices of stage `s`.
    bounds: Vec<usize>,
    /// The side each stage was found on.
    sides: Vec<Side>,
    /// Where the whole solution, played on the real scramble, starts (the
    /// segment after the stages, when some stage is on the inverse side).
    whole_from: Option<usize>,
}

/// The name of the segment that plays the whole solution on the real
/// scramble after a solution's stages (NISS).
pub const WHOLE_SOLUTION: &str = "Whole solution";

impl Timeline {
    pub fn new(start: CubieCube, stages: &[Vec<Move>]) -> Timeline {
        Timeline::on_sides(start, stages, &vec![Side::Normal; stages.len()])
    }

    /// Stages found on the given sides, from the scrambled state `start`.
    pub fn on_sides(start: CubieCube, stages: &[Vec<Move>], sides: &[Side]) -> Timeline {
        Timeline::build(start, stages, sides, None)
    }

    /// `on_sides`, then `whole` (the whole solution, `N · I⁻¹`) played
    /// again from `start`, on the normal side: the moves to make on a real
    /// cube.
    pub fn with_whole(
        start: CubieCube,
        stages: &[Vec<Move>],
        sides: &[Side],
        whole: &[Move],
    ) -> Timeline {
        Timeline::build(start, stages, sides, Some(whole))
    }

    fn build(
        start: CubieCube,
        stages: &[Vec<Move>],
        sides: &[Side],
        whole: Option<&[Move]>,
    ) -> Timeline {
        let mut bounds = vec![0];
        for stage in stages {
            bounds.push(bounds[bounds.len() - 1] + stage.len());
        }
        let mut moves: Vec<Move> = stages.iter().flatten().copied().collect();
        let mut sides = sides.to_vec();
        sides.resize(stages.len(), Side::Normal);
        let whole_from = whole.map(|whole| {
            let from = moves.len();
            moves.extend_from_slice(whole);
            bounds.push(moves.len());
            sides.push(Side::Normal);
            from
        });
        let mut timeline = Timeline {
            moves,
            states: Vec::new(),
            bounds,
            sides,
            whole_from,
        };
        let mut state = start;
        let mut side = Side::Normal;
        timeline.states.reserve(timeline.moves.len() + 1);
        for i in 0..timeline.moves.len() {
            let turn_side = timeline.move_side(i);
            if Some(i) == whole_from {
                state = start;
                side = Side::Normal;
            } else if turn_side != side {
                state = state.inverse();
                side = turn_side;
            }
            timeline.states.push(state);
            state = state.apply_move(timeline.moves[i]);
        }
        timeline.states.push(state);
        timeline
    }

    /// The side move `i` was found on.
    pub fn move_side(&self, i: usize) -> Side {
        self.side(self.stage_of(i))
    }

    /// The side stage `s` was found on.
    pub fn side(&self, s: usize) -> Side {
        self.sides.get(s).copied().unwrap_or(Side::Normal)
    }

    /// Segment `s`'s name: its stage's, or `WHOLE_SOLUTION`.
    pub fn segment_name(&self, s: usize) -> &'static str {
        match StageKind::ALL.get(s) {
            Some(kind) if Some(s) != self.whole_segment() => kind.name(),
            _ => WHOLE_SOLUTION,
        }
    }

    /// Where position `at` of segment `s` is counted, and out of how many:
    /// with a whole-solution segment, the stages (S moves, added up) and
    /// that segment (N, the solution after cancellation at the joins) are
    /// counted apart, never as S + N.
    pub fn counted(&self, s: usize, at: usize) -> (usize, usize) {
        match self
            .whole_segment()
            .map(|whole| (whole, self.stage_start(whole)))
        {
            Some((whole, from)) if s == whole => (at.saturating_sub(from), self.moves_to_make()),
            Some((_, from)) => (at.min(from), from),
            None => (at, self.len()),
        }
    }

    /// The moves a person makes: with a whole-solution segment, its own
    /// (N), else every move.
    pub fn moves_to_make(&self) -> usize {
        self.len() - self.whole_from.unwrap_or(0)
    }

    /// The segment that plays the whole solution on the real scramble
    /// after the stages, if there is one.
    pub fn whole_segment(&self) -> Option<usize> {
        self.whole_from.map(|_| self.stage_count() - 1)
    }

    /// The cube move `i` leaves, as its side sees it (`state(i + 1)` but
    /// where the next move is on the other side or starts the whole
    /// solution).
    pub fn after(&self, i: usize) -> CubieCube {
        self.state(i).apply_move(self.moves[i])
    }

    /// The cube stage `s` leaves, as its side sees it (where it is empty,
    /// the cube it starts from).
    pub fn end_of(&self, s: usize) -> CubieCube {
        match self.stage_end(s).checked_sub(1) {
            Some(last) if last >= self.stage_start(s) => self.after(last),
            _ => *self.state(self.stage_start(s)),
        }
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn stage_count(&self) -> usize {
        self.bounds.len() - 1
    }

    /// The state after the first `k` moves (clamped to the end).
    pub fn state(&self, k: usize) -> &CubieCube {
        &self.states[k.min(self.len())]
    }

    /// Index of the first move of stage `s`.
    pub fn stage_start(&self, s: usize) -> usize {
        self.bounds[s.min(self.stage_count())]
    }

    /// Index one past the last move of stage `s`.
    pub fn stage_end(&self, s: usize) -> usize {
        self.bounds[(s + 1).min(self.stage_count())]
    }

    /// The stage that move `i` belongs to; past the end, the last stage.
    pub fn stage_of(&self, i: usize) -> usize {
        (0..self.stage_count())
            .find(|&s| i < self.stage_end(s))
            .unwrap_or(self.stage_count().saturating_sub(1))
    }
}

/// A move being animated, forwards or backwards.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Animation {
    /// The move being animated.
    index: usize,
    forward: bool,
    elapsed: f64,
}

/// What to draw right now.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// The state the stickers show, before the turning layer is rotated.
    pub cube: CubieCube,
    /// The turning layer and its rotation in radians about the face's outward
    /// normal (right-handed, so clockwise turns are negative).
    pub turning: Option<(Face, f32)>,
}

/// A timeline with a playhead.
#[derive(Clone, Debug)]
pub struct Playback {
    timeline: Timeline,
    /// Moves applied, when no move is animating; the animation starts here
    /// (forward) or ends here (backward).
    at: usize,
    animation: Option<Animation>,
    /// Play until this many moves are applied.
    stop_at: Option<usize>,
    /// The stage a chip went to: Play from inside it stops at its end.
    chosen_stage: Option<usize>,
    speed: f64,
    reduced_motion: bool,
}

/// Seconds a move takes at speed 1.
pub fn duration(m: Move) -> f64 {
    QUARTER_TURN_SECONDS * f64::from(signed_quarters(m).unsigned_abs())
}

/// Smooth start and stop: 0 → 0, 1 → 1, zero slope at both ends.
pub fn ease(t: f64) -> f64 {
    let t = t.clamp(0.0, 1.0);
    0.5 - 0.5 * (std::f64::consts::PI * t).cos()
}

impl Playback {
    pub fn new(timeline: Timeline) -> Playback {
        Playback {
            timeline,
            at: 0,
            animation: None,
            stop_at: None,
            chosen_stage: None,
            speed: 1.0,
            reduced_motion: false,
        }
    }

    /// Shows another timeline from its start, keeping speed and motion.
    pub fn load(&mut self, timeline: Timeline) {
        self.timeline = timeline;
        self.at = 0;
        self.animation = None;
        self.stop_at = None;
        self.chosen_stage = None;
    }

    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// Moves applied so far; a running forward turn counts as applied.
    pub fn position(&self) -> usize {
        match self.animation {
            Some(t) if t.forward => t.index + 1,
            Some(t) => t.index,
            None => self.at,
        }
    }

    /// The move just applied (or being applied or undone), if any.
    pub fn current_move(&self) -> Option<usize> {
        match self.animation {
            Some(t) => Some(t.index),
            None => self.at.checked_sub(1),
        }
    }

    /// The stage the position belongs to: that of the next move once the
    /// running turn (if any) settles, so a boundary reads as the start of
    /// the stage after it, playing or paused, and a stage with no moves is
    /// passed over (the last stage at the end).
    pub fn stage(&self) -> usize {
        self.timeline.stage_of(self.position())
    }

    /// The stage whose view the cube shows: that of the move animating,
    /// else that of the position (`stage`), so that at a boundary the stage
    /// that starts there shows its work; none at the end, in full colours.
    pub fn view_stage(&self) -> Option<usize> {
        match self.animation {
            Some(a) => Some(self.timeline.stage_of(a.index)),
            None if self.at >= self.timeline.len() => None,
            None => Some(self.stage()),
        }
    }

    /// Whether the position is the start of its stage, after a stage that
    /// ended there: the stage before is done, and no move of this one has
    /// been made.
    pub fn at_stage_start(&self) -> bool {
        let stage = self.stage();
        stage > 0 && self.position() == self.timeline.stage_start(stage)
    }

    /// Whether every move of stage `s` has been applied.
    pub fn stage_finished(&self, s: usize) -> bool {
        self.position() >= self.timeline.stage_end(s)
    }

    pub fn is_playing(&self) -> bool {
        self.stop_at.is_some()
    }

    /// Whether `tick` still has something to do.
    pub fn is_moving(&self) -> bool {
        self.animation.is_some() || self.stop_at.is_some()
    }

    pub fn is_solved(&self) -> bool {
        self.animation.is_none() && self.at == self.timeline.len()
    }

    pub fn speed(&self) -> f64 {
        self.speed
    }

    /// Sets the speed factor, clamped to `SPEED_RANGE`; not-a-number is 1.
    pub fn set_speed(&mut self, speed: f64) {
        self.speed = if speed.is_nan() {
            1.0
        } else {
            speed.clamp(SPEED_RANGE.0, SPEED_RANGE.1)
        };
    }

    /// The state shown once the running turn (if any) completes.
    pub fn settled_state(&self) -> &CubieCube {
        self.timeline.state(self.position())
    }

    /// Moves jump instead of turning (for people whom motion makes ill).
    pub fn set_reduced_motion(&mut self, on: bool) {
        self.reduced_motion = on;
    }

    pub fn frame(&self) -> Frame {
        match self.animation {
            Some(t) if self.reduced_motion => Frame {
                cube: if t.forward {
                    self.timeline.after(t.index)
                } else {
                    *self.timeline.state(t.index)
                },
                turning: None,
            },
            None => Frame {
                cube: *self.timeline.state(self.at),
                turning: None,
            },
            Some(t) => {
                let m = self.timeline.moves[t.index];
                let progress = ease(t.elapsed / duration(m));
                let progress = if t.forward { progress } else { 1.0 - progress };
                let full = -(signed_quarters(m) as f32) * FRAC_PI_2;
                Frame {
                    cube: *self.timeline.state(t.index),
                    turning: Some((m.face, full * progress as f32)),
                }
            }
        }
    }

    /// Completes any running turn at once.
    fn settle(&mut self) {
        self.at = self.position();
        self.animation = None;
    }

    /// Jumps to the state after `k` moves (clamped) and stops.
    pub fn seek(&mut self, k: usize) {
        self.animation = None;
        self.stop_at = None;
        self.chosen_stage = None;
        self.at = k.min(self.timeline.len());
    }

    /// Plays from here to the end (from the end, starts again); from inside
    /// the stage a chip went to, to that stage's end.
    pub fn play(&mut self) {
        if self.position() >= self.timeline.len() {
            self.seek(0);
        }
        let position = self.position();
        let chosen = self.chosen_stage.take().filter(|&s| {
            (self.timeline.stage_start(s)..self.timeline.stage_end(s)).contains(&position)
        });
        self.stop_at = Some(match chosen {
            Some(s) => self.timeline.stage_end(s),
            None => self.timeline.len(),
        });
    }

    /// Stops after the running turn.
    pub fn pause(&mut self) {
        self.stop_at = None;
    }

    pub fn toggle(&mut self) {
        if self.is_playing() {
            self.pause();
        } else {
            self.play();
        }
    }

    /// Jumps to the start of stage `s` and stays there, paused, showing its
    /// starting cube; Play then plays that stage and stops at its end.
    pub fn go_to_stage(&mut self, s: usize) {
        if s >= self.timeline.stage_count() {
            return;
        }
        self.seek(self.timeline.stage_start(s));
        self.chosen_stage = Some(s);
    }

    /// Jumps to just before move `i` and animates it.
    pub fn play_move(&mut self, i: usize) {
        if i >= self.timeline.len() {
            return;
        }
        self.seek(i);
        self.step_forward();
    }

    /// Stops and animates the next move (or, with reduced motion, makes it).
    pub fn step_forward(&mut self) {
        self.settle();
        self.stop_at = None;
        if self.reduced_motion {
            self.at = (self.at + 1).min(self.timeline.len());
        } else if self.at < self.timeline.len() {
            self.animation = Some(Animation {
                index: self.at,
                forward: true,
                elapsed: 0.0,
            });
        }
    }

    /// Stops and animates undoing the previous move (or, with reduced
    /// motion, undoes it).
    pub fn step_back(&mut self) {
        self.settle();
        self.stop_at = None;
        if self.reduced_motion {
            self.at = self.at.saturating_sub(1);
        } else if self.at > 0 {
            self.at -= 1;
            self.animation = Some(Animation {
                index: self.at,
                forward: false,
                elapsed: 0.0,
            });
        }
    }

    /// Advances time by `seconds` of wall clock; returns `is_moving()`.
    pub fn tick(&mut self, seconds: f64) -> bool {
        let mut budget = if seconds.is_finite() {
            seconds.max(0.0) * self.speed
        } else {
            0.0
        };
        loop {
            if self.animation.is_none() {
                match self.stop_at {
                    Some(stop) if self.at < stop && self.at < self.timeline.len() => {
                        self.animation = Some(Animation {
                            index: self.at,
                            forward: true,
                            elapsed: 0.0,
                        });
                    }
                    Some(_) => {
                        self.stop_at = None;
                        break;
                    }
                    None => break,
                }
            }
            let Some(turn) = self.animation.as_mut() else {
                break;
            };
            let total = duration(self.timeline.moves[turn.index]);
            if turn.elapsed + budget < total {
                turn.elapsed += budget;
                break;
            }
            budget -= total - turn.elapsed;
            self.settle();
        }
        self.is_moving()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(face: Face, quarters: u8) -> Move {
        Move::new(face, quarters)
    }

    /// A scramble solved with its second stage on the inverse side: the
    /// timeline shows the inverse-side cube through that stage, and each
    /// side's cube ends solved.
    #[test]
    fn an_inverse_stage_plays_on_the_inverse_cube() {
        let scramble = CubieCube::solved().apply(&[r(Face::R, 1), r(Face::U, 1)]);
        // U' on the normal side, then (R) on the inverse side: the inverse
        // side sees (scramble · U')⁻¹ = R', which R solves.
        let t = Timeline::on_sides(
            scramble,
            &[vec![r(Face::U, 3)], vec![r(Face::R, 1)]],
            &[Side::Normal, Side::Inverse],
        );
        assert_eq!(
            t.state(0),
            &scramble,
            "the scramble, on the first stage's side"
        );
        assert_eq!(t.after(0), scramble.apply_move(r(Face::U, 3)));
        assert_eq!(t.end_of(0), t.after(0), "stage 1 ends on its side");
        assert_eq!(
            t.state(1),
            &t.after(0).inverse(),
            "stage 2 starts from the inverse side"
        );
        assert_eq!(t.move_side(1), Side::Inverse);
        assert!(t.state(2).is_solved());
        let mut p = Playback::new(t);
        p.seek(1);
        assert_eq!(
            p.frame().cube,
            scramble.apply_move(r(Face::U, 3)).inverse(),
            "paused where it starts, the inverse stage shows the inverse cube"
        );
        assert_eq!(p.settled_state(), &p.frame().cube);
        p.step_forward();
        assert_eq!(
            p.frame().cube,
            *p.timeline().state(1),
            "the turn starts from the inverse cube"
        );
        p.set_reduced_motion(true);
        assert!(p.frame().cube.is_solved());
        p.step_back();
        p.step_back();
        assert_eq!(p.frame().cube, scramble);
    }

    /// After the stages, the whole solution plays again from the real
    /// scramble, on the normal side, and solves it.
    #[test]
    fn the_whole_solution_plays_on_the_real_scramble_after_the_stages() {
        let scramble = CubieCube::solved().apply(&[r(Face::R, 1), r(Face::U, 1)]);
        let whole = [r(Face::U, 3), r(Face::R, 3)];
        let t = Timeline::with_whole(
            scramble,
            &[vec![r(Face::U, 3)], vec![r(Face::R, 1)]],
            &[Side::Normal, Side::Inverse],
            &whole,
        );
        assert_eq!(t.stage_count(), 3);
        assert_eq!(t.whole_segment(), Some(2));
        assert_eq!(t.stage_start(2), 2);
        assert!(t.end_of(1).is_solved(), "the stages end solved");
        assert_eq!(
            t.state(2),
            &scramble,
            "the whole solution starts from the scramble, paused there too"
        );
        assert_eq!(t.state(3), &scramble.apply_move(whole[0]));
        assert!(t.state(4).is_solved());
        assert_eq!(t.move_side(3), Side::Normal);
        assert_eq!(t.segment_name(2), WHOLE_SOLUTION);
        assert_eq!(t.segment_name(1), StageKind::ALL[1].name());
        let plain = Timeline::on_sides(scramble, &[vec![r(Face::U, 3)]], &[Side::Normal]);
        assert_eq!(plain.whole_segment(), None);
        // The stages (2 moves) and the whole solution (2) are counted
        // apart, never as 4.
        assert_eq!(t.counted(0, 1), (1, 2));
        assert_eq!(t.counted(1, 2), (2, 2));
        assert_eq!(t.counted(2, 2), (0, 2));
        assert_eq!(t.counted(2, 3), (1, 2));
        assert_eq!(t.counted(2, 4), (2, 2));
        assert_eq!(plain.counted(0, 1), (1, 1));
    }

    #[test]
    fn a_first_stage_on_the_inverse_side_starts_from_the_inverse_scramble() {
        let scramble = CubieCube::solved().apply(&[r(Face::R, 1), r(Face::U, 1)]);
        let t = Timeline::on_sides(
            scramble,
            &[vec![r(Face::R, 1), r(Face::U, 1)]],
            &[Side::Inverse],
        );
        assert_eq!(t.state(0), &scramble.inverse());
        assert!(t.state(2).is_solved());
    }

    fn sample() -> Timeline {
        let start = CubieCube::solved().apply(&[r(Face::F, 1), r(Face::U, 2), r(Face::R, 3)]);
        Timeline::new(
            start,
            &[
                vec![r(Face::R, 1)],
                vec![],
                vec![r(Face::U, 2)],
                vec![r(Face::F, 3)],
            ],
        )
    }

    #[test]
    fn with_reduced_motion_steps_jump_and_play_still_goes_move_by_move() {
        let mut p = Playback::new(sample());
        p.set_reduced_motion(true);
        p.step_forward();
        assert!(!p.is_moving(), "a step is made at once");
        assert_eq!((p.position(), p.frame().turning), (1, None));
        p.step_back();
        assert_eq!((p.position(), p.frame().turning), (0, None));
        p.play();
        p.tick(0.01);
        let shown = p.frame();
        assert_eq!(shown.turning, None, "no layer turns");
        assert_eq!(
            &shown.cube,
            p.timeline().state(1),
            "the first move shows at once"
        );
        assert!(p.is_moving(), "and holds for its turn's time");
        p.tick(duration(r(Face::R, 1)));
        assert_eq!(&p.frame().cube, p.timeline().state(2), "then the next move");
        p.tick(10.0);
        assert!(p.is_solved() && !p.is_moving());
    }

    #[test]
    fn timeline_states_follow_the_moves() {
        let t = sample();
        assert_eq!(t.len(), 3);
        assert!(t.state(3).is_solved());
        assert_eq!(t.state(1), &t.state(0).apply_move(r(Face::R, 1)));
        assert_eq!((t.stage_start(1), t.stage_end(1)), (1, 1));
        assert_eq!(t.stage_of(0), 0);
        assert_eq!(t.stage_of(1), 2);
        assert_eq!(t.stage_of(2), 3);
        assert_eq!(t.stage_of(99), 3);
    }

    #[test]
    fn playing_to_the_end_solves_and_stops() {
        let mut p = Playback::new(sample());
        p.play();
        let mut ticks = 0;
        while p.tick(1.0 / 60.0) {
            ticks += 1;
            assert!(ticks < 1000);
        }
        assert!(p.is_solved());
        assert!(p.frame().cube.is_solved());
        assert_eq!(p.frame().turning, None);
        // Quarter + half + quarter = 4 quarter turns of 0.3 s at 60 fps.
        assert!((70..=73).contains(&ticks), "{ticks}");
    }

    #[test]
    fn half_turns_take_twice_as_long_as_quarter_turns() {
        assert_eq!(duration(r(Face::U, 2)), 2.0 * duration(r(Face::U, 1)));
        assert_eq!(duration(r(Face::U, 3)), duration(r(Face::U, 1)));
    }

    #[test]
    fn a_turn_eases_from_zero_to_the_full_angle() {
        let mut p = Playback::new(sample());
        p.step_forward();
        assert_eq!(p.frame().turning, Some((Face::R, 0.0)));
        p.tick(0.15);
        let (_, half) = p.frame().turning.unwrap();
        assert!((half + FRAC_PI_2 / 2.0).abs() < 1e-5, "{half}");
        p.tick(0.01);
        let (_, later) = p.frame().turning.unwrap();
        assert!(later < half);
        assert!(!p.tick(1.0));
        assert_eq!(p.position(), 1);
        assert_eq!(p.frame().turning, None);
    }

    #[test]
    fn prime_moves_turn_the_other_way() {
        let mut p = Playback::new(sample());
        p.seek(2);
        p.step_forward();
        p.tick(0.15);
        let (face, angle) = p.frame().turning.unwrap();
        assert_eq!(face, Face::F);
        assert!(angle > 0.0);
    }

    #[test]
    fn stepping_back_undoes_the_previous_move() {
        let mut p = Playback::new(sample());
        p.seek(2);
        p.step_back();
        assert_eq!(p.position(), 1);
        assert_eq!(p.current_move(), Some(1));
        let (_, start) = p.frame().turning.unwrap();
        assert!((start + 2.0 * FRAC_PI_2).abs() < 1e-5);
        p.tick(10.0);
        assert_eq!(p.frame().cube, *p.timeline().state(1));
        p.seek(0);
        p.step_back();
        assert!(!p.is_moving());
    }

    #[test]
    fn stepping_during_a_turn_finishes_it_first() {
        let mut p = Playback::new(sample());
        p.play();
        p.tick(0.1);
        p.step_forward();
        assert!(!p.is_playing());
        assert_eq!(p.current_move(), Some(1));
        assert_eq!(p.frame().cube, *p.timeline().state(1));
    }

    #[test]
    fn a_chip_goes_to_its_stage_start_and_stays_paused_then_play_stops_at_its_end() {
        let mut p = Playback::new(sample());
        p.go_to_stage(2);
        assert_eq!(p.position(), 1);
        assert_eq!(p.stage(), 2);
        assert!(!p.is_moving(), "the stage's starting cube stays on show");
        assert!(!p.tick(1.0));
        assert_eq!(p.position(), 1);
        p.play();
        while p.tick(0.05) {}
        assert_eq!(p.position(), 2);
        assert!(p.stage_finished(2));
        assert!(!p.stage_finished(3));
        assert_eq!(p.stage(), 3);
        p.play();
        while p.tick(0.05) {}
        assert!(p.is_solved(), "Play at a stage's end plays on to the end");
    }

    #[test]
    fn play_after_leaving_the_chosen_stage_plays_to_the_end() {
        let mut p = Playback::new(sample());
        p.go_to_stage(0);
        p.seek(2);
        p.play();
        while p.tick(0.05) {}
        assert!(p.is_solved());
    }

    #[test]
    fn a_position_reads_the_same_playing_paused_stepped_or_sought() {
        // sample(): stage 0 = [R], stage 1 empty, stage 2 = [U2], stage 3 = [F'].
        for k in 0..=3 {
            let mut sought = Playback::new(sample());
            sought.seek(k);
            let mut stepped = Playback::new(sample());
            for j in 0..k {
                stepped.step_forward();
                // Mid-turn, the position is the one the turn goes to.
                assert_eq!(stepped.stage(), stepped.timeline().stage_of(j + 1));
                stepped.tick(10.0);
            }
            let mut played = Playback::new(sample());
            played.play();
            while played.position() < k {
                played.tick(0.01);
            }
            let playing = (played.position(), played.stage(), played.at_stage_start());
            played.pause();
            while played.tick(0.05) {}
            let reading = |p: &Playback| (p.position(), p.stage(), p.at_stage_start());
            assert_eq!(reading(&stepped), reading(&sought), "stepped to {k}");
            assert_eq!(playing, reading(&sought), "playing through {k}");
            assert_eq!(
                reading(&played),
                reading(&sought),
                "paused at {k}: no switch"
            );
        }
    }

    #[test]
    fn a_boundary_belongs_to_the_stage_that_starts_there() {
        // sample(): stage 0 = [R], stage 1 empty, stage 2 = [U2], stage 3 = [F'].
        let mut p = Playback::new(sample());
        assert!(
            !p.at_stage_start(),
            "the scramble starts no stage after another"
        );
        p.seek(1);
        assert_eq!(p.stage(), 2, "stage 1 has no moves: passed over");
        assert!(p.at_stage_start());
        assert!(p.stage_finished(0) && p.stage_finished(1));
        p.seek(2);
        assert_eq!(p.stage(), 3);
        assert!(p.at_stage_start());
        p.seek(3);
        assert!(p.is_solved());
        assert_eq!(p.stage(), 3);
        assert!(!p.at_stage_start());
    }

    #[test]
    fn the_view_follows_the_stage_that_moves_and_at_a_boundary_the_next() {
        // sample(): stage 0 = [R], stage 1 empty, stage 2 = [U2], stage 3 = [F'].
        let mut p = Playback::new(sample());
        assert_eq!(
            p.view_stage(),
            Some(0),
            "the scramble shows the first stage's work"
        );
        p.step_forward();
        assert_eq!(
            p.view_stage(),
            Some(0),
            "the first move starts stage 1's view"
        );
        p.tick(10.0);
        assert_eq!(
            p.view_stage(),
            Some(2),
            "a boundary shows the stage that starts there"
        );
        p.step_forward();
        assert_eq!(
            p.view_stage(),
            Some(2),
            "the next stage's first move switches"
        );
        p.tick(10.0);
        p.step_forward();
        assert_eq!(p.view_stage(), Some(3));
        p.tick(10.0);
        assert!(p.is_solved());
        assert_eq!(p.view_stage(), None, "full colours at the end");
        p.step_back();
        assert_eq!(p.view_stage(), Some(3), "undoing a move shows its stage");
    }

    #[test]
    fn the_scramble_shows_the_lens_of_the_first_stage_with_moves() {
        let start = CubieCube::solved().apply(&[r(Face::U, 2), r(Face::R, 3)]);
        let stages = [vec![], vec![r(Face::R, 1)], vec![], vec![r(Face::U, 2)]];
        let p = Playback::new(Timeline::new(start, &stages));
        assert_eq!(p.view_stage(), Some(1), "stage 1 has nothing to do");
        let solved = Playback::new(Timeline::new(
            CubieCube::solved(),
            &[vec![], vec![], vec![], vec![]],
        ));
        assert_eq!(solved.view_stage(), None, "a solved cube in full colours");
    }

    #[test]
    fn pausing_lets_the_running_turn_finish() {
        let mut p = Playback::new(sample());
        p.play();
        p.tick(0.1);
        p.pause();
        assert!(p.is_moving());
        while p.tick(0.05) {}
        assert_eq!(p.position(), 1);
    }

    #[test]
    fn play_at_the_end_starts_again() {
        let mut p = Playback::new(sample());
        p.seek(usize::MAX);
        assert!(p.is_solved());
        p.play();
        assert_eq!(p.position(), 0);
        assert!(p.is_playing());
    }

    #[test]
    fn speed_scales_time_and_is_clamped() {
        let mut p = Playback::new(sample());
        p.set_speed(2.0);
        p.step_forward();
        assert!(!p.tick(0.16));
        p.set_speed(f64::NAN);
        assert_eq!(p.speed(), 1.0);
        p.set_speed(1e9);
        assert_eq!(p.speed(), SPEED_RANGE.1);
        assert!(!p.tick(f64::INFINITY));
    }

    #[test]
    fn an_empty_timeline_is_already_solved() {
        let mut p = Playback::new(Timeline::new(CubieCube::solved(), &[vec![], vec![]]));
        assert!(p.is_solved());
        p.play();
        assert!(!p.tick(0.1));
        assert_eq!(p.stage(), 1);
        p.go_to_stage(7);
        p.play_move(3);
        assert!(!p.is_moving());
    }
}
