//! The two threads of an analysis whose answer is waited on (the forfeit budget): after the
//! plan's first, cheap steps, the walk of every reachable position goes on on a second thread
//! while the searches for a mate go on on this one, and the first to answer stops the other.
//! Each thread's steps are counted in positions, as one thread's are, so whether an analysis is
//! decided does not depend on the machine; only which of two answers comes first does, and both
//! are right.

use super::plan::{Searches, Step, ALONE, PLAN, SEARCH_LANE, WALK_LANE};
use super::stop::Stop;
use super::{Budget, Winnability};

/// The analysis of `searches` with `budget` on two threads.
pub(crate) fn race(mut searches: Searches<'_>, budget: Budget) -> Winnability {
    if let Some(answer) = PLAN[..ALONE].iter().find_map(|&step| searches.take(step, budget)) {
        return answer;
    }
    let stop = Stop::new();
    let mut walking = searches.with_the_walk();
    searches.stop_on(&stop);
    walking.stop_on(&stop);
    let flag = &stop;
    std::thread::scope(|scope| {
        let second = std::thread::Builder::new().name("walk".to_string()).spawn_scoped(scope, move || {
            let mut walking = walking;
            run(&mut walking, &WALK_LANE, budget, flag)
        });
        let here = run(&mut searches, &SEARCH_LANE, budget, flag);
        let there = match second {
            Ok(thread) => thread.join().ok().flatten(),
            // No second thread to be had: its steps on this one, after these (the walk again
            // from the start).
            Err(_) if here.is_none() => {
                let mut alone = searches.with_the_walk();
                alone.stop_on(flag);
                run(&mut alone, &WALK_LANE, budget, flag)
            }
            Err(_) => None,
        };
        here.or(there).unwrap_or(Winnability::Undetermined)
    })
}

/// `steps` taken in order until one answers (which stops the other thread) or `stop` is set.
fn run(searches: &mut Searches<'_>, steps: &[Step], budget: Budget, stop: &Stop) -> Option<Winnability> {
    let answer = steps.iter().take_while(|_| !stop.is_set()).find_map(|&step| searches.take(step, budget));
    if answer.is_some() {
        stop.set();
    }
    answer
}
