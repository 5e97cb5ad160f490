//! The FMC lab, above solving and showing: other ways to do one stage of a
//! solution, each with the rest re-planned (`alternatives`), and a
//! person's own attempt read step by step in the group counters' words
//! (`check`), and a practice attempt's solution read as a competition
//! reads it (`practice`). The command line's `alternatives` and `check`
//! and the page's lab show them.

pub mod alternatives;
pub mod check;
pub mod practice;
