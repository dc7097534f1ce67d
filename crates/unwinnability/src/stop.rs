//! The word from one thread of an analysis to the other that an answer is found: each search
//! looks at it as it goes and gives up, answering nothing, once it is set. A search never stopped
//! has none to look at.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag shared by the searches of one analysis, or none.
#[derive(Debug, Clone, Default)]
pub(crate) struct Stop(Option<Arc<AtomicBool>>);

impl Stop {
    /// A flag not yet set.
    pub(crate) fn new() -> Stop {
        Stop(Some(Arc::new(AtomicBool::new(false))))
    }

    /// Tells every search holding the flag to stop.
    pub(crate) fn set(&self) {
        if let Some(flag) = &self.0 {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the searches should stop.
    pub(crate) fn is_set(&self) -> bool {
        self.0.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_set_is_seen_by_every_holder_and_none_is_never_set() {
        let stop = Stop::new();
        let other = stop.clone();
        assert!(!other.is_set());
        stop.set();
        assert!(other.is_set() && stop.is_set());
        let none = Stop::default();
        none.set();
        assert!(!none.is_set());
    }
}
