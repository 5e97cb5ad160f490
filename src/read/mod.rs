//! Reading a real cube in, beside typing its scramble: the colours of six
//! photos (`scan`), and advice for a person holding the cube beside each
//! broken rule of a painted or scanned cube (`advice`). Above the cube
//! model, which states the rules; the colour editor and Scan use it.

pub mod advice;
pub mod scan;
