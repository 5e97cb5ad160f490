//! Showing a solution, above solving: the timeline a solution plays as
//! (`playback`), what each stage's lens shows (`stage_view`), the group
//! counters of the Progress region (`counters`), the words a screen reader
//! hears (`narration`) and the colours things are drawn in (`palette`).
//! Plain Rust: the renderer and the page draw what it works out.

pub mod counters;
pub mod narration;
pub mod palette;
pub mod playback;
pub mod stage_view;
