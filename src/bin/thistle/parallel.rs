//! Solving many inputs on several threads, results in input order. Natively
//! a rayon pool; the CLI also compiles for wasm32 (the browser tests build
//! it), where there are no threads and everything runs in turn.
/// One thread per core, or 1 where that cannot be told.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

#[cfg(not(target_arch = "wasm32"))]
pub struct Pool(rayon::ThreadPool);

#[cfg(not(target_arch = "wasm32"))]
impl Pool {
    pub fn new(threads: usize) -> Result<Pool, rayon::ThreadPoolBuildError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()?;
        Ok(Pool(pool))
    }

    /// `f` of each item, in the items' order.
    pub fn map<T: Send, R: Send>(&self, items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
        use rayon::prelude::*;
        self.0.install(|| items.into_par_iter().map(&f).collect())
    }

    /// `f` of each item, in order. Items are handed out in runs of
    /// at least a 64th of a thread's share: long enough that fast
    /// solves (a microsecond or two) do not drown in scheduling, short
    /// enough that on slow ones (fewest moves, milliseconds) the
    /// threads still finish together.
    pub fn map_slice<T: Sync, R: Send>(&self, items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
        use rayon::prelude::*;
        let run = (items.len() / (self.0.current_num_threads() * 64)).max(1);
        self.0
            .install(|| items.par_iter().with_min_len(run).map(&f).collect())
    }
}

#[cfg(target_arch = "wasm32")]
pub struct Pool;

#[cfg(target_arch = "wasm32")]
impl Pool {
    pub fn new(_threads: usize) -> Result<Pool, std::convert::Infallible> {
        Ok(Pool)
    }

    pub fn map<T, R>(&self, items: Vec<T>, f: impl Fn(T) -> R) -> Vec<R> {
        items.into_iter().map(f).collect()
    }

    pub fn map_slice<T, R>(&self, items: &[T], f: impl Fn(&T) -> R) -> Vec<R> {
        items.iter().map(f).collect()
    }
}
