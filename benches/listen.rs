//! Moves said aloud and heard: three whole games announced move by move by each test voice in its
//! vocabulary (the German MBROLA voice de6 in the Appendix E words, flite's slt in English, the
//! Estonian MBROLA voice ee1 in Estonian;
//! scripts/test-voices.sh installs both), each heard by PocketSphinx against the grammar of its
//! position, through the session as the program hears it. Prints, per voice: moves heard right,
//! right but asked back (below the confidence threshold), heard wrong and asked back, heard wrong
//! and played without a yes (must be 0), other things done instead (a command, a repetition), missed; the time from the end of speech to the
//! announcement (the detector's closing silence, the recogniser's two decodes, the session's
//! answer); and the resident memory with the recogniser loaded. `cargo bench --bench listen`;
//! figures go in BENCHMARKS.md.

use std::process::Command;
use std::time::{Duration, Instant};

use annabella::clock::Timestamp;
use annabella::config::Settings;
use annabella::listen::THRESHOLD;
use annabella::listen::{to_rate, Hearing, Meaning, Recognizer, Report, FRAME, RATE};
use annabella::notation::{spoken, PhrasePack, SpokenStyle};
use annabella::session::Event;
use annabella::session::Session;
use annabella::speech::SpeechMode;
use shakmaty::{san::San, CastlingMode, Chess, Position};

const GAMES: [&str; 3] = [
    // A Ruy Lopez.
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 \
     Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ Rxf7 Nxf7 Rxe1+ \
     Qxe1 Kxf7 Qe3 Qg5 Qxg5 hxg5 b3 Ke6 a3 Kd6",
    // The Opera Game.
    "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 \
     Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#",
    // A Queen's Gambit Declined.
    "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6 cxd5 Nxd5 Bxe7 Qxe7 Nxd5 exd5 Rc1 Be6 Qa4 c5 Qa3 Rc8 \
     Bb5 a6 dxc5 bxc5 O-O Ra7 Be2 Nd7 Nd4 Qf8 Nxe6 fxe6 e4 d4 f4 Qe7 e5 Rb8 Bc4 Kh8 Qh3 Nf8 b3 a5",
];

/// The silence the voice-activity detector waits for before it hands an utterance out.
const CLOSING_SILENCE: Duration = Duration::from_millis(20 * FRAME as u64 * 1000 / RATE as u64);

fn say(voice: &str, text: &str) -> Vec<i16> {
    let wav = std::env::temp_dir().join(format!("annabella-bench-listen-{}.wav", std::process::id()));
    let ok = match voice {
        "slt" => Command::new("flite").args(["-voice", "slt", "-t", text, "-o"]).arg(&wav).status(),
        _ => Command::new("espeak-ng").args(["-v", voice, "-w"]).arg(&wav).arg(text).status(),
    };
    assert!(ok.is_ok_and(|s| s.success()), "the test voice {voice} is missing: scripts/test-voices.sh installs it");
    to_rate(&annabella::speech::read_wav(&wav).unwrap(), annabella::speech::CLIP_RATE)
}

#[derive(Default)]
struct Tally {
    right: usize,
    right_asked: usize,
    wrong_asked: usize,
    wrong_played: usize,
    command_done: usize,
    repetition: usize,
    missed: usize,
    times: Vec<Duration>,
}

fn resident_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().split(' ').next()?.parse().ok())
        .unwrap_or(0)
}

fn session(pack: &str) -> Session {
    let mut settings = Settings { speech: SpeechMode::Off, blind: None, ..Settings::default() };
    settings.listen.sighted = pack.into();
    let mut session = Session::new(settings).unwrap();
    session.apply(Event::Start, Timestamp(0));
    session
}

fn run(voice: &str, pack_name: &str, recognizer: &mut Recognizer) -> Tally {
    let pack = PhrasePack::named(pack_name).unwrap();
    let mut tally = Tally::default();
    for game in GAMES {
        let mut pos = Chess::default();
        let mut table = session(pack_name);
        let mut played: Vec<String> = Vec::new();
        for (ply, san) in game.split_whitespace().enumerate() {
            let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
            let samples = say(voice, &spoken(&pos, mv, &pack, SpokenStyle::default()));
            let started = Instant::now();
            let grammar = table.listening_grammar();
            let heard = recognizer.hear(&grammar, &samples).unwrap();
            let now = Timestamp(ply as u64 * 1000 + 1000);
            match heard {
                Some(h) => {
                    let sure = grammar.sure(&h.words, h.margin, THRESHOLD);
                    let meaning = h.meaning;
                    if meaning != Meaning::Move(mv) && std::env::var_os("LISTEN_BENCH_ERRORS").is_some() {
                        println!("  {san}: heard {:?} ({:.2})", h.words, h.margin);
                    }
                    let report = Report::Heard(Hearing { words: h.words, margin: h.margin });
                    table.apply(Event::Heard(report), now);
                    tally.times.push(CLOSING_SILENCE + started.elapsed());
                    match (meaning, sure) {
                        (Meaning::Move(heard), true) if heard == mv => tally.right += 1,
                        (Meaning::Move(heard), false) if heard == mv => tally.right_asked += 1,
                        (Meaning::Move(_), true) => tally.wrong_played += 1,
                        (Meaning::Command(_), true) => tally.command_done += 1,
                        (Meaning::Repeated(_), true) => tally.repetition += 1,
                        // Corrections are always asked; the rest below the threshold too.
                        _ => tally.wrong_asked += 1,
                    }
                }
                None => tally.missed += 1,
            }
            // The game goes on as it was played: a move not played as heard is typed.
            played.push(mv.to_uci(CastlingMode::Standard).to_string());
            if table.game().ply_count() != ply + 1 || table.game().moves().last() != Some(mv) {
                table = session(pack_name);
                for uci in &played {
                    table.apply(Event::Input(table.read_input(uci)), now);
                }
            }
            assert_eq!(table.game().ply_count(), ply + 1, "{san}");
            pos.play_unchecked(mv);
        }
    }
    tally
}

fn main() {
    let before = resident_kb();
    let mut recognizer = Recognizer::new(None).unwrap();
    let loaded = resident_kb();
    for (voice, pack) in [("mb-de6", "appendix-e"), ("slt", "en"), ("mb-ee1", "et")] {
        let mut t = run(voice, pack, &mut recognizer);
        let total = t.right + t.right_asked + t.wrong_asked + t.wrong_played + t.command_done + t.repetition + t.missed;
        let heard_right = t.right + t.right_asked;
        println!(
            "{voice} ({pack}): {total} moves; heard right {heard_right} ({:.1} %), of them asked back {}; \
             heard wrong {} (asked back or refused {}, a move played without a yes {}, a command carried out {}, \
             taken as the repetition of the last move {}); missed {}",
            heard_right as f64 * 100.0 / total as f64,
            t.right_asked,
            t.wrong_asked + t.wrong_played + t.command_done + t.repetition,
            t.wrong_asked,
            t.wrong_played,
            t.command_done,
            t.repetition,
            t.missed
        );
        t.times.sort();
        let at = |q: f64| t.times[((t.times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1000.0;
        println!(
            "  end of speech -> announcement: p50 {:.0} ms, p90 {:.0} ms, worst {:.0} ms",
            at(0.5),
            at(0.9),
            at(1.0)
        );
    }
    println!(
        "resident memory: {before} kB before the recogniser, {loaded} kB with it loaded, {} kB after hearing \
         every game",
        resident_kb()
    );
}
