//! Moves said aloud and heard: two whole games (the Immortal Game and Réti–Tartakower, neither
//! heard by the tests) announced move by move by three test voices per vocabulary (the German
//! MBROLA voices de4, de5 and de6 in the Appendix E words; flite's slt, kal and rms in English; the
//! Estonian MBROLA voice ee1 at its own pitch and lower, and espeak-ng's Estonian, in Estonian;
//! scripts/test-voices.sh installs them), each in a quiet room, with pink noise, with the babble
//! of four other voices and with four other players announcing their own moves in the same words
//! 20 dB and 10 dB under the voice, across a reverberant hall, and a quarter faster; each cut
//! out of half a second of its room (two among other players) by the voice-activity detector,
//! which has heard the room for seconds before, and heard by PocketSphinx
//! against the grammar of its position as the ears hear it (the speech so far heard early, once
//! 50 ms of quiet follow it or, where others talk on, 50 ms of a pause in the voice, and cut out
//! 200 ms into that pause if it says something), and handed to the session as the program hands it. Prints, per
//! vocabulary and room: moves heard right, right but asked back, heard wrong and asked back,
//! heard wrong and played without a yes (must be 0), other things done instead (a command, a
//! repetition), missed; the time from the end of the player's voice to the answer (the detector's
//! closing silence, or the early hearing when it takes longer, after the end of speech it found,
//! or of the voice: where others talk on, that may be later; answers to another player's words before the player
//! has finished are not timed); and the resident memory with the
//! recogniser loaded. Then every spoken command, said by the same voices in the same rooms: done,
//! to be said again, heard as another and done (must be 0) or not. Then talk at the table that
//! is no move (six sentences a language, said by the same voices in the same rooms): played as a
//! move without a yes (must be 0), a command done, asked back, nothing. Then moves said that are
//! not legal where they are said (the move the same side makes a turn later), in the quiet room
//! and with pink noise: played as a legal move without a yes (must be 0), a command or repetition
//! done, asked back, nothing (`LISTEN_BENCH_UNPLAYABLE_ONLY=1` for this table alone). Last, each
//! voice enrolled (eight phrases, the warp fitted as `annabella listen --enrol` fits it) and its
//! games heard again in the quiet room, fitted.
//! `cargo bench --bench listen` (`LISTEN_BENCH_ONLY=en` for one vocabulary, `LISTEN_BENCH_ROOM=10`
//! for the rooms whose name has it (`hall|players` for either), `LISTEN_BENCH_MOVES_ONLY=1` for the
//! moves' table alone, `LISTEN_BENCH_DUMP=FILE` for every move and command heard,
//! `LISTEN_BENCH_HELD_OUT=1` for two other games said by other voices, `LISTEN_BENCH_HELD_OUT=fresh`
//! for two more said by voices the other sets do not have: `scripts/test-voices.sh --fresh`);
//! figures go in BENCHMARKS.md.

use std::io::Write;
use std::time::{Duration, Instant};

use annabella::clock::Timestamp;
use annabella::config::Settings;
use annabella::listen::THRESHOLD;
use annabella::listen::{
    EarlyHearing, Hearing, Meaning, MoveGrammar, Recognizer, Report, Segmenter, Understood, Utterance, EARLY_AFTER,
    END_FRAMES, FRAME, RATE,
};
use annabella::notation::{spoken, PhrasePack, SpokenStyle};
use annabella::session::Event;
use annabella::session::Session;
use annabella::speech::SpeechMode;
use shakmaty::{san::San, CastlingMode, Chess, Position};

#[path = "../tests/it/support/room.rs"]
mod room;
use room::{in_known_room, in_room, reverberant, say, voiced, Noise, Voice, KNOWN_AFTER};

const GAMES: [&str; 2] = [
    // The Immortal Game (Anderssen–Kieseritzky, London 1851).
    "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6 Rg1 cxb5 h4 Qg6 h5 Qg5 \
     Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 Na6 Nxg7+ Kd8 Qf6+ Nxf6 Be7#",
    // Réti–Tartakower, Vienna 1910.
    "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Nf6 Qd3 e5 dxe5 Qa5+ Bd2 Qxe5 O-O-O Nxe4 Qd8+ Kxd8 Bg5+ Kc7 Bd8#",
];

/// The vocabularies and the voices that say them.
const SETS: [(&str, [Voice; 3]); 3] = [
    ("appendix-e", [Voice::new("mb-de4"), Voice::new("mb-de5"), Voice::new("mb-de6")]),
    ("en", [Voice::new("flite:slt"), Voice::new("flite:kal"), Voice::new("flite:rms")]),
    ("et", [Voice::new("mb-ee1"), Voice::pitched("mb-ee1", 25), Voice::new("et")]),
];

/// Games and voices held out (`LISTEN_BENCH_HELD_OUT=1`): no rule was set by them, so they show
/// whether the figures hold beyond what the rules were measured on.
const HELD_OUT_GAMES: [&str; 2] = [
    // The Opera Game (Morphy–Duke Karl and Count Isouard, Paris 1858).
    "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 \
     Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#",
    // The Evergreen Game (Anderssen–Dufresne, Berlin 1852).
    "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 Qxb5 Rb8 Qa4 Bb6 \
     Nbd2 Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1 Qxf3 Rxe7+ Nxe7 Qxd7+ Kxd7 Bf5+ Ke8 Bd7+ Kf8 Bxe7#",
];
const HELD_OUT_SETS: [(&str, [Voice; 3]); 3] = [
    ("appendix-e", [Voice::pitched("mb-de4", 30), Voice::pitched("mb-de5", 70), Voice::pitched("mb-de6", 65)]),
    ("en", [Voice::new("flite:awb"), Voice::new("flite:kal16"), Voice::new("en-us")]),
    ("et", [Voice::pitched("mb-ee1", 70), Voice::pitched("mb-ee1", 40), Voice::pitched("et", 30)]),
];

/// A fresh set (`LISTEN_BENCH_HELD_OUT=fresh`), heard first after the rules of the held-out set
/// were set: two more games, and voices none of the other sets has (German MBROLA voices de1, de2
/// and de7; American and British English MBROLA voices us1 and en1, and German de2 speaking
/// English; espeak-ng's Estonian as a woman's and another man's voice, and ee1 much lower).
const FRESH_GAMES: [&str; 2] = [
    // Edward Lasker–Thomas, London 1912.
    "d4 e6 Nf3 f5 Nc3 Nf6 Bg5 Be7 Bxf6 Bxf6 e4 fxe4 Nxe4 b6 Ne5 O-O Bd3 Bb7 Qh5 Qe7 Qxh7+ Kxh7 Nxf6+ Kh6 \
     Neg4+ Kg5 h4+ Kf4 g3+ Kf3 Be2+ Kg2 Rh2+ Kg1 Kd2#",
    // Rotlewi–Rubinstein, Łódź 1907.
    "d4 d5 Nf3 e6 e3 c5 c4 Nc6 Nc3 Nf6 dxc5 Bxc5 a3 a6 b4 Bd6 Bb2 O-O Qd2 Qe7 Bd3 dxc4 Bxc4 b5 Bd3 Rd8 \
     Qe2 Bb7 O-O Ne5 Nxe5 Bxe5 f4 Bc7 e4 Rac8 e5 Bb6+ Kh1 Ng4 Be4 Qh4 g3 Rxc3 gxh4 Rd2 Qxd2 Bxe4+ Qg2 Rh3",
];
const FRESH_SETS: [(&str, [Voice; 3]); 3] = [
    ("appendix-e", [Voice::new("mb-de1"), Voice::new("mb-de2"), Voice::new("mb-de7")]),
    ("en", [Voice::new("mb-us1"), Voice::new("mb-en1"), Voice::new("mb-de2-en")]),
    ("et", [Voice::new("et+f3"), Voice::new("et+m3"), Voice::pitched("mb-ee1", 15)]),
];

/// Which games and voices are heard: the measured set, the held-out one or the fresh one.
fn set_heard() -> Option<String> {
    std::env::var("LISTEN_BENCH_HELD_OUT").ok()
}

/// The games heard.
fn games() -> &'static [&'static str] {
    match set_heard().as_deref() {
        None => &GAMES,
        Some("fresh") => &FRESH_GAMES,
        Some(_) => &HELD_OUT_GAMES,
    }
}

/// The vocabularies and the voices heard.
fn sets() -> &'static [(&'static str, [Voice; 3])] {
    match set_heard().as_deref() {
        None => &SETS,
        Some("fresh") => &FRESH_SETS,
        Some(_) => &HELD_OUT_SETS,
    }
}

/// A room: its name, its noise and how far under the voice, whether the voice is a quarter faster,
/// and how long the hall's echoes take to die away (seconds; none in a room without them).
#[derive(Clone, Copy)]
struct RoomKind {
    name: &'static str,
    noise: Option<(Noise, f32)>,
    faster: bool,
    echoes: Option<f32>,
}

impl RoomKind {
    const fn noisy(name: &'static str, noise: Noise, snr: f32) -> RoomKind {
        RoomKind { name, noise: Some((noise, snr)), faster: false, echoes: None }
    }

    /// `text` said by `voice` in this room, with half a second of the room around it (two among
    /// other players, whose announcements may come first) after the seconds in which the ears
    /// come to know it; other players there speak `pack`'s words.
    fn said(&self, voice: Voice, text: &str, pack: &'static str, seed: u64) -> Vec<i16> {
        self.said_ending(voice, text, pack, seed).0
    }

    /// The same, with where the voice ends in it (its last sound over a hundredth of its
    /// loudest, echoes left out: samples).
    fn said_ending(&self, voice: Voice, text: &str, pack: &'static str, seed: u64) -> (Vec<i16>, u64) {
        let said = say(voice, text, self.faster);
        let (_, last) = voiced(&said);
        let said = match self.echoes {
            Some(seconds) => reverberant(&said, seconds),
            None => said,
        };
        let (noise, lead) = match self.noise {
            Some((Noise::Players(_), snr)) => (Some((Noise::Players(pack), snr)), 2.0),
            noise => (noise, 0.5),
        };
        let before = ((KNOWN_AFTER + lead) * RATE as f32) as u64;
        (in_known_room(&said, noise, lead, seed), before + last as u64)
    }
}

/// The rooms: quiet; pink noise, the babble of four other voices, and four other players
/// announcing their own moves, each 20 and 10 dB under the voice; a reverberant hall (echoes dying
/// away over 1.2 s, as loud as the voice itself); and the voice a quarter faster.
const ROOMS: [RoomKind; 9] = [
    RoomKind { name: "quiet", noise: None, faster: false, echoes: None },
    RoomKind::noisy("pink noise, 20 dB", Noise::Pink, 20.0),
    RoomKind::noisy("pink noise, 10 dB", Noise::Pink, 10.0),
    RoomKind::noisy("babble, 20 dB", Noise::Babble, 20.0),
    RoomKind::noisy("babble, 10 dB", Noise::Babble, 10.0),
    RoomKind::noisy("other players, 20 dB", Noise::Players(""), 20.0),
    RoomKind::noisy("other players, 10 dB", Noise::Players(""), 10.0),
    RoomKind { name: "reverberant hall", noise: None, faster: false, echoes: Some(1.2) },
    RoomKind { name: "a quarter faster", noise: None, faster: true, echoes: None },
];

/// The rooms heard in (`LISTEN_BENCH_ROOM`: those whose name has it, or one of its parts
/// between `|`).
fn rooms() -> Vec<RoomKind> {
    let only = std::env::var("LISTEN_BENCH_ROOM").ok();
    ROOMS.into_iter().filter(|r| only.as_deref().is_none_or(|o| o.split('|').any(|o| r.name.contains(o)))).collect()
}

/// The silence the voice-activity detector waits for before it hands an utterance out.
const CLOSING_SILENCE: Duration = Duration::from_millis(END_FRAMES as u64 * FRAME as u64 * 1000 / RATE as u64);

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

/// Every move of every game said by `voice` in `room`, heard and handed to a session.
fn run(
    voice: Voice,
    room: RoomKind,
    pack_name: &'static str,
    recognizer: &mut Recognizer,
    tally: &mut Tally,
    dump: &mut Option<std::fs::File>,
) {
    let pack = PhrasePack::named(pack_name).unwrap();
    let room_name = room.name;
    for game in games() {
        let mut pos = Chess::default();
        let mut table = session(pack_name);
        let mut played: Vec<String> = Vec::new();
        for (ply, san) in game.split_whitespace().enumerate() {
            let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
            let text = spoken(&pos, mv, &pack, SpokenStyle::default());
            let (samples, voice_ends) = room.said_ending(voice, &text, pack_name, ply as u64);
            let grammar = table.listening_grammar();
            let (heard, answered) = as_the_ears_hear(recognizer, &grammar, &samples);
            // From the end of the player's voice: where others talk on, the detector may end the
            // words later.
            let voice_ended = Duration::from_secs_f64(voice_ends as f64 / RATE as f64);
            let took = answered.saturating_sub(voice_ended);
            let now = Timestamp(ply as u64 * 1000 + 1000);
            match heard {
                Some(h) => {
                    let sure = grammar.sure(&h.words, h.margin, THRESHOLD);
                    let meaning = h.meaning;
                    if let Some(file) = dump {
                        let right = meaning == Meaning::Move(mv);
                        let line = format!(
                            "{pack_name}\t{}\t{room_name}\t{san}\t{}\t{:.2}\t{right}\t{sure}\t{}\t{:?}\t{:.2}\t{:.2}\t{:.1}\t{}\t{:.1}\t{:.1}\t{:.2}\t{:.1}\t{:.1}\t{:.0}\t{:.2}\n",
                            voice.label(),
                            h.words,
                            h.margin,
                            h.margin >= THRESHOLD,
                            h.evidence.rival,
                            h.evidence.over_rival,
                            h.evidence.explained,
                            h.evidence.under_voice,
                            grammar.sure(&h.words, 100.0, THRESHOLD),
                            h.evidence.room_swell,
                            h.evidence.misfit,
                            h.evidence.over_not_legal.unwrap_or(f32::NAN),
                            h.evidence.talk_under_voice,
                            h.evidence.steepest_fall.unwrap_or(f32::NAN),
                            took.as_secs_f64() * 1000.0,
                            h.evidence.heard_again.unwrap_or(f32::NAN),
                        );
                        let _ = file.write_all(line.as_bytes());
                    }
                    let report = Report::Heard(Hearing { words: h.words, margin: h.margin, rival: h.evidence.rival });
                    table.apply(Event::Heard(report), now);
                    // Another player's words heard before the player's voice ended: no answer to it.
                    if answered >= voice_ended {
                        tally.times.push(took);
                    }
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
                    table.apply(Event::Input(table.read(uci)), now);
                }
            }
            assert_eq!(table.game().ply_count(), ply + 1, "{san}");
            pos.play_unchecked(mv);
        }
    }
}

/// `samples` heard as the ears hear them: cut by the voice-activity detector, each utterance
/// heard as soon as it is cut (another player's announcement too), the speech so far heard early
/// once a few quiet frames follow it (or a pause in the voice, where others talk on) and cut out
/// there if it says something, and the first utterance that says something reported; with
/// when its answer came in the stream: the time from the end of speech the detector found to the
/// answer (the closing silence, or the early hearing if it takes longer; the whole hearing after
/// the silence when there was none) after that end.
fn as_the_ears_hear(
    recognizer: &mut Recognizer,
    grammar: &MoveGrammar,
    samples: &[i16],
) -> (Option<Understood>, Duration) {
    let at = |sample: u64| Duration::from_secs_f64(sample as f64 / RATE as f64);
    let frame = Duration::from_millis(FRAME as u64 * 1000 / RATE as u64);
    let mut vad = Segmenter::default();
    let mut early = EarlyHearing::default();
    let mut ready = Duration::ZERO;
    // What is cut while the ears come to know the room is no part of the phrase.
    let known = (KNOWN_AFTER * RATE as f32) as u64;
    for chunk in samples.chunks(FRAME) {
        for utterance in vad.push(chunk).into_iter().filter(|u| u.cut_at > known) {
            let ended = at(utterance.speech_end);
            let (heard, took) = heard_now(recognizer, grammar, utterance, &mut early, ready);
            if heard.is_some() {
                return (heard, ended + took);
            }
        }
        let started = Instant::now();
        if early.follow(&vad, recognizer, grammar, false, |_| true) {
            ready = frame * EARLY_AFTER as u32 + started.elapsed();
        }
        if let Some(utterance) = early.cut(&mut vad) {
            let ended = at(utterance.speech_end);
            let (heard, took) = heard_now(recognizer, grammar, utterance, &mut early, ready);
            if heard.is_some() {
                return (heard, ended + took);
            }
        }
    }
    let last = vad.finish().map(|utterance| (at(utterance.speech_end), utterance));
    match last.map(|(ended, utterance)| (ended, heard_now(recognizer, grammar, utterance, &mut early, ready))) {
        Some((ended, (Some(heard), took))) => (Some(heard), ended + took),
        _ => (None, Duration::ZERO),
    }
}

/// An utterance just cut, heard: as it was heard early if it was (`ready`: when that was ready
/// after the end of speech), else now; with the time from the end of speech to the answer.
fn heard_now(
    recognizer: &mut Recognizer,
    grammar: &MoveGrammar,
    utterance: Utterance,
    early: &mut EarlyHearing,
    ready: Duration,
) -> (Option<Understood>, Duration) {
    match early.take_for(&utterance) {
        Some(heard) => (heard, ready.max(CLOSING_SILENCE)),
        None => {
            let started = Instant::now();
            (recognizer.hear_utterance(grammar, &utterance).unwrap(), CLOSING_SILENCE + started.elapsed())
        }
    }
}

/// One row of the table: a vocabulary's voices in one room.
fn row(pack: &str, voices: &[Voice], room: &str, t: &mut Tally) {
    let total = t.right + t.right_asked + t.wrong_asked + t.wrong_played + t.command_done + t.repetition + t.missed;
    let heard_right = t.right + t.right_asked;
    let percent = |n: usize| n as f64 * 100.0 / total.max(1) as f64;
    t.times.sort();
    let at = |q: f64| {
        t.times.get(((t.times.len().max(1) - 1) as f64 * q) as usize).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    let voices: Vec<String> = voices.iter().map(Voice::label).collect();
    println!(
        "| {pack} ({}) | {room} | {heard_right} of {total} ({:.1} %) | {} ({:.1} %) | {} | **{}** | {} | {} | {:.0} ms |",
        voices.join(", "),
        percent(heard_right),
        t.right_asked + t.wrong_asked,
        percent(t.right_asked + t.wrong_asked),
        t.wrong_asked,
        t.wrong_played,
        t.command_done + t.repetition,
        t.missed,
        at(0.9),
    );
}

/// One line of the dump for a command or a sentence: what was `said`, the words heard, the
/// `verdict` (margin, and whether right and sure) and what the margin was made of.
fn dumped(dump: &mut Option<std::fs::File>, said: &str, heard: &Understood, verdict: &str) {
    let Some(file) = dump else { return };
    let e = &heard.evidence;
    let line = format!(
        "{said}\t{}\t{verdict}\t{:?}\t{:.2}\t{:.2}\t{:.1}\t{:.1}\t{:.1}\t{:.2}\t{:.1}\t{:.1}\t{:.2}\t{:.2}\n",
        heard.words,
        e.rival,
        e.over_rival,
        e.explained,
        e.under_voice,
        e.room_swell,
        e.misfit,
        e.over_not_legal.unwrap_or(f32::NAN),
        e.talk_under_voice,
        e.steepest_fall.unwrap_or(f32::NAN),
        heard.margin,
        e.heard_again.unwrap_or(f32::NAN),
    );
    let _ = file.write_all(line.as_bytes());
}

/// Every spoken command said by every voice in every room, in the start position: heard and done
/// (sure), heard and to be said again (unsure), heard as something else and done (must be 0),
/// heard as something else and not done, missed.
fn commands(recognizer: &mut Recognizer, only: Option<&str>, dump: &mut Option<std::fs::File>) {
    println!();
    println!("| vocabulary | room | commands said | done | to be said again | heard wrong, not done | **heard wrong, done** | missed |");
    println!("|---|---|---|---|---|---|---|---|");
    for (pack_name, voices) in sets().iter().filter(|(pack, _)| only.is_none_or(|o| o == *pack)) {
        let pack = PhrasePack::named(pack_name).unwrap();
        let words = annabella::session::Command::heard_in(pack_name);
        let grammar = MoveGrammar::for_position(&Chess::default(), &pack).with_commands(&words);
        for room in rooms() {
            let room_name = room.name;
            let (mut done, mut again, mut wrong_not, mut wrong_done, mut missed) = (0, 0, 0, 0, 0);
            for (n, voice) in voices.iter().enumerate() {
                for (i, (word, command)) in words.iter().enumerate() {
                    let samples = room.said(*voice, word, pack_name, (n * 100 + i) as u64);
                    let Some(heard) = as_the_ears_hear(recognizer, &grammar, &samples).0 else {
                        missed += 1;
                        continue;
                    };
                    let sure = grammar.sure(&heard.words, heard.margin, THRESHOLD);
                    let right = heard.meaning == Meaning::Command(command);
                    let said = format!("command\t{pack_name}\t{}\t{room_name}\t{word}", voice.label());
                    let verdict = format!("{:.2}\t{right}\t{sure}", heard.margin);
                    dumped(dump, &said, &heard, &verdict);
                    match (right, sure) {
                        (true, true) => done += 1,
                        (true, false) => again += 1,
                        (false, false) => wrong_not += 1,
                        (false, true) => wrong_done += 1,
                    }
                }
            }
            let total = voices.len() * words.len();
            println!("| {pack_name} | {room_name} | {total} | {done} | {again} | {wrong_not} | **{wrong_done}** | {missed} |");
        }
    }
}

/// Talk at the table that is not for the ears, in each vocabulary's language.
const TALK: [(&str, [&str; 6]); 3] = [
    (
        "appendix-e",
        [
            "guter Zug",
            "das habe ich nicht erwartet",
            "möchtest du einen Kaffee",
            "lass mich kurz nachdenken",
            "einen Moment bitte",
            "das war ein schönes Spiel",
        ],
    ),
    (
        "en",
        [
            "nice move",
            "I did not expect that",
            "would you like some coffee",
            "let me think about it",
            "hold on a second",
            "that was a good game",
        ],
    ),
    (
        "et",
        [
            "hea käik",
            "seda ma küll ei oodanud",
            "kas sa kohvi tahad",
            "las ma mõtlen",
            "oota üks hetk",
            "see oli hea mäng",
        ],
    ),
];

/// Talk that is not for the ears (`TALK`), said by every voice in every room after 1. e4 e5
/// 2. Nf3 Nc6, heard as the ears hear it: played as a move without a yes (must be 0), a command
/// done, asked back or to be said again, or nothing heard.
fn talk(recognizer: &mut Recognizer, only: Option<&str>, dump: &mut Option<std::fs::File>) {
    println!();
    println!("| vocabulary | room | sentences said | **played as a move** | a command or repetition done | asked back | nothing |");
    println!("|---|---|---|---|---|---|---|");
    for (pack_name, voices) in sets().iter().filter(|(pack, _)| only.is_none_or(|o| o == *pack)) {
        let sentences = TALK.iter().find(|(p, _)| p == pack_name).map(|(_, s)| s).unwrap();
        let mut table = session(pack_name);
        for uci in ["e2e4", "e7e5", "g1f3", "b8c6"] {
            table.apply(Event::Input(table.read(uci)), Timestamp(0));
        }
        let grammar = table.listening_grammar();
        for room in rooms() {
            let room_name = room.name;
            let (mut played, mut done, mut asked, mut nothing) = (0, 0, 0, 0);
            for (n, voice) in voices.iter().enumerate() {
                for (i, sentence) in sentences.iter().enumerate() {
                    let samples = room.said(*voice, sentence, pack_name, (n * 100 + i) as u64);
                    let Some(heard) = as_the_ears_hear(recognizer, &grammar, &samples).0 else {
                        nothing += 1;
                        continue;
                    };
                    let sure = grammar.sure(&heard.words, heard.margin, THRESHOLD);
                    let said = format!("talk\t{pack_name}\t{}\t{room_name}\t{sentence}", voice.label());
                    dumped(dump, &said, &heard, &format!("{:.2}\t{sure}", heard.margin));
                    match (heard.meaning, sure) {
                        (Meaning::Move(_), true) => played += 1,
                        (_, true) => done += 1,
                        (_, false) => asked += 1,
                    }
                }
            }
            let total = voices.len() * sentences.len();
            println!("| {pack_name} | {room_name} | {total} | **{played}** | {done} | {asked} | {nothing} |");
        }
    }
}

/// Moves said that are not legal where they are said (a player's mistake: the move the same side
/// makes a turn later, said in the position before, where it names no legal move), by every voice in the quiet room and with
/// pink noise 20 dB under the voice, each heard and handed to a session in that position: a legal
/// move played without a yes (must be 0), a command or repetition done, asked back or to be said
/// again, or nothing heard.
fn unplayable(recognizer: &mut Recognizer, only: Option<&str>, dump: &mut Option<std::fs::File>) {
    println!();
    println!("| vocabulary | room | illegal moves said | **played as a legal move** | a command or repetition done | asked back | nothing |");
    println!("|---|---|---|---|---|---|---|");
    for (pack_name, voices) in sets().iter().filter(|(pack, _)| only.is_none_or(|o| o == *pack)) {
        let pack = PhrasePack::named(pack_name).unwrap();
        for room in [ROOMS[0], ROOMS[1]] {
            let room_name = room.name;
            let (mut said, mut played, mut done, mut asked, mut nothing) = (0, 0, 0, 0, 0);
            for game in games() {
                let positions = positions(game);
                for (ply, (pos, _)) in positions.iter().enumerate() {
                    // Said as it is written, it names no legal move here (a queen that can go to a4
                    // from where it stands now would be a legal move said).
                    let names_none =
                        |(later, mv): &&(Chess, shakmaty::Move)| San::from_move(later, *mv).to_move(pos).is_err();
                    let Some((later, mv)) = positions.get(ply + 2).filter(names_none) else {
                        continue;
                    };
                    let words = spoken(later, *mv, &pack, SpokenStyle::default());
                    for (n, voice) in voices.iter().enumerate() {
                        let samples = room.said(*voice, &words, pack_name, (n * 1000 + ply) as u64);
                        let mut table = session(pack_name);
                        for (_, mv) in &positions[..ply] {
                            let uci = mv.to_uci(CastlingMode::Standard).to_string();
                            table.apply(Event::Input(table.read(&uci)), Timestamp(0));
                        }
                        let grammar = table.listening_grammar();
                        said += 1;
                        let Some(heard) = as_the_ears_hear(recognizer, &grammar, &samples).0 else {
                            nothing += 1;
                            continue;
                        };
                        let sure = grammar.sure(&heard.words, heard.margin, THRESHOLD);
                        let report = Report::Heard(Hearing {
                            words: heard.words.clone(),
                            margin: heard.margin,
                            rival: heard.evidence.rival.clone(),
                        });
                        table.apply(Event::Heard(report), Timestamp(1000));
                        let outcome = match heard.meaning {
                            _ if table.game().ply_count() != ply => "played",
                            Meaning::Command(_) | Meaning::Repeated(_) if sure => "done",
                            _ => "asked",
                        };
                        let line = format!("unplayable\t{pack_name}\t{}\t{room_name}\t{words}", voice.label());
                        dumped(dump, &line, &heard, &format!("{:.2}\t{outcome}", heard.margin));
                        match outcome {
                            "played" => played += 1,
                            "done" => done += 1,
                            _ => asked += 1,
                        }
                    }
                }
            }
            println!("| {pack_name} | {room_name} | {said} | **{played}** | {done} | {asked} | {nothing} |");
        }
    }
}

/// Each position of `game` and the move played in it.
fn positions(game: &str) -> Vec<(Chess, shakmaty::Move)> {
    let mut pos = Chess::default();
    let mut out = Vec::new();
    for san in game.split_whitespace() {
        let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        out.push((pos.clone(), mv));
        pos.play_unchecked(mv);
    }
    out
}

/// Each voice enrolled (eight phrases said in a quiet room, the warp that fits them best) and
/// its games heard again in the quiet room by the recogniser fitted to it, beside the same games
/// heard by the recogniser as it comes.
fn enrolled(plain: &mut Recognizer, only: Option<&str>) {
    println!();
    println!("| voice | warp fitted | heard right, as it comes | heard right, enrolled | asked back, as it comes | asked back, enrolled | **heard wrong, played** (enrolled) |");
    println!("|---|---|---|---|---|---|---|");
    for (pack_name, voices) in sets().iter().filter(|(pack, _)| only.is_none_or(|o| o == *pack)) {
        let pack = PhrasePack::named(pack_name).unwrap();
        for voice in voices {
            let said: Vec<(String, Vec<i16>)> = annabella::listen::prompts(&pack, 8)
                .into_iter()
                .map(|words| {
                    let samples = in_room(&say(*voice, &words, false), None, 0.3, 0);
                    (words, samples)
                })
                .collect();
            let fit = annabella::listen::fit_voice(&said).unwrap();
            let mut fitted = Recognizer::warped(None, Some(fit.warp)).unwrap();
            fitted.acting_at(THRESHOLD);
            let (mut before, mut after) = (Tally::default(), Tally::default());
            run(*voice, ROOMS[0], pack_name, plain, &mut before, &mut None);
            run(*voice, ROOMS[0], pack_name, &mut fitted, &mut after, &mut None);
            let right = |t: &Tally| t.right + t.right_asked;
            let asked = |t: &Tally| t.right_asked + t.wrong_asked;
            println!(
                "| {pack_name}, {} | {:.2} | {} | {} | {} | {} | **{}** |",
                voice.label(),
                fit.warp,
                right(&before),
                right(&after),
                asked(&before),
                asked(&after),
                after.wrong_played
            );
        }
    }
}

fn main() {
    let before = resident_kb();
    let mut recognizer = Recognizer::new(None).unwrap();
    // As the ears act: at the threshold.
    recognizer.acting_at(THRESHOLD);
    let loaded = resident_kb();
    let only = std::env::var("LISTEN_BENCH_ONLY").ok();
    let mut dump = std::env::var_os("LISTEN_BENCH_DUMP").map(|p| std::fs::File::create(p).unwrap());
    if std::env::var_os("LISTEN_BENCH_UNPLAYABLE_ONLY").is_some() {
        return unplayable(&mut recognizer, only.as_deref(), &mut dump);
    }
    println!(
        "| vocabulary (voices) | room | heard right | asked back | heard wrong, asked back | heard wrong, played \
         without a yes | a command or repetition instead | missed | end of speech → announcement, p90 |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut all = Vec::new();
    for (pack, voices) in sets().iter().filter(|(pack, _)| only.as_deref().is_none_or(|o| o == *pack)) {
        for room in rooms() {
            let mut tally = Tally::default();
            for voice in voices {
                run(*voice, room, pack, &mut recognizer, &mut tally, &mut dump);
            }
            row(pack, voices, room.name, &mut tally);
            all.extend(tally.times);
        }
    }
    let moves_only = std::env::var_os("LISTEN_BENCH_MOVES_ONLY").is_some();
    if !moves_only {
        commands(&mut recognizer, only.as_deref(), &mut dump);
        talk(&mut recognizer, only.as_deref(), &mut dump);
        unplayable(&mut recognizer, only.as_deref(), &mut dump);
    }
    if !moves_only && std::env::var_os("LISTEN_BENCH_NO_ENROLMENT").is_none() {
        enrolled(&mut recognizer, only.as_deref());
    }
    let mut everything = Tally { times: all, ..Tally::default() };
    everything.times.sort();
    let at = |q: f64| everything.times[((everything.times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1000.0;
    println!(
        "end of speech -> announcement, every move: p50 {:.0} ms, p90 {:.0} ms, worst {:.0} ms",
        at(0.5),
        at(0.9),
        at(1.0)
    );
    println!(
        "resident memory: {before} kB before the recogniser, {loaded} kB with it loaded, {} kB after hearing \
         every game",
        resident_kb()
    );
}
