# annabella: the two commands a newcomer needs are `make play` and `make test`.
JOBS ?= 2

.PHONY: setup play build clips test bench fuzz clean

setup:
	@bash scripts/setup.sh

play: setup clips
	target/release/annabella play

# The offline voice clips of every phrase pack (espeak-ng), for speech without a speech engine
# and for the spoken scoresheet; clips already there are kept.
clips: build
	bash scripts/render-clips.sh target/release/annabella

build: setup
	cargo build --release -j$(JOBS)

test: setup
	JOBS=$(JOBS) bash scripts/test.sh

# Every benchmark, in a release build: deep perft (every depth of the shared suites), the real
# clock over ten minutes, the dead-position analyser (and beside chasolver over the real games),
# the speech hand-over, the real binary's start, resume and memory, the real sound path (speech
# against spd-say, cues), moves heard, the engine's analysis, and practice games (each level
# against the next; the engine's move to the speaker; memory), the coach (a puzzle chosen and
# said; exercises from 100 games). Figures: BENCHMARKS.md.
bench: setup
	cargo test --release -j$(JOBS) --test it perft_deep -- --ignored
	cargo bench -j$(JOBS) --bench clock
	cargo bench -j$(JOBS) -p unwinnability
	cd crates/unwinnability/compare && cargo run --release -j$(JOBS) -- lichess thorough
	cargo bench -j$(JOBS) --bench session
	cargo bench -j$(JOBS) --bench lines
	cargo bench -j$(JOBS) --bench pgn
	cargo bench -j$(JOBS) --bench online
	cargo bench -j$(JOBS) --bench practice
	cargo bench -j$(JOBS) --bench coach
	bash scripts/test-voices.sh
	cargo bench -j$(JOBS) --bench listen
	cargo build --release -j$(JOBS)
	python3 scripts/bench-binary.py
	python3 scripts/bench-audio.py
	python3 scripts/bench-watchdog.py
	python3 scripts/bench-engine.py
	python3 scripts/bench-practice.py

# A minute of fuzzing for each reader: moves with the session, the journal, PGN and FEN
# (`make test` runs each for 10 seconds).
fuzz:
	SECONDS_PER_TARGET=60 JOBS=$(JOBS) bash scripts/fuzz-smoke.sh

clean:
	cargo clean
