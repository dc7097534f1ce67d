//! The detector's tests: utterances cut out of tones, hiss and others' talk.

use super::*;

fn tone(ms: usize, amplitude: f32) -> Vec<i16> {
    (0..ms * 16).map(|i| ((i as f32 * 0.1).sin() * amplitude) as i16).collect()
}

fn noise(ms: usize, amplitude: i16) -> Vec<i16> {
    // A fixed pseudo-random hiss.
    let mut x: u32 = 12345;
    (0..ms * 16)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (x >> 16) as i16 % amplitude.max(1)
        })
        .collect()
}

#[test]
fn speech_between_silences_is_one_utterance_with_its_end() {
    let mut vad = Segmenter::default();
    let mut stream = noise(500, 30);
    stream.extend(tone(400, 8000.0));
    stream.extend(noise(100, 30));
    stream.extend(tone(300, 8000.0));
    stream.extend(noise(600, 30));
    let heard = vad.push(&stream);
    assert_eq!(heard.len(), 1, "a pause of 100 ms does not end the utterance");
    let u = &heard[0];
    // Speech ended at 1300 ms; the utterance is cut 200 ms later.
    // (within the frames whose mean keeps speech going)
    assert!((u.speech_end as i64 - 1300 * 16).abs() <= (SMOOTH_FRAMES * FRAME) as i64, "{}", u.speech_end);
    assert_eq!(u.cut_at - u.speech_end, (END_FRAMES * FRAME) as u64);
    // The pre-roll and the closing silence are kept.
    assert!(u.samples.len() >= (800 + 200) * 16);
}

#[test]
fn silence_and_steady_noise_are_no_speech() {
    let mut vad = Segmenter::default();
    assert!(vad.push(&vec![0; 16_000]).is_empty());
    assert!(vad.push(&noise(3000, 2000)).is_empty());
    let mut hissing = Segmenter::default();
    assert!(hissing.push(&noise(3000, 2000)).is_empty(), "a hiss from the start is the room");
    assert!(!hissing.in_speech());
    assert_eq!(hissing.finish(), None);
}

#[test]
fn noise_that_goes_on_becomes_the_floor_and_speech_over_it_is_still_heard() {
    let mut vad = Segmenter::default();
    assert!(vad.push(&vec![0; 16_000]).is_empty());
    // A fan starts: loud at first, then it is the room.
    assert!(vad.push(&noise(10_000, 1500)).is_empty(), "ten seconds of hiss are no move");
    let mut speech: Vec<i16> = tone(600, 12_000.0).iter().zip(noise(600, 1500)).map(|(a, b)| a / 2 + b).collect();
    speech.extend(noise(500, 1500));
    assert_eq!(vad.push(&speech).len(), 1);
}

#[test]
fn a_steady_room_hardly_swells_and_one_that_rises_and_falls_does() {
    assert!(room_swell(&noise(3000, 2000)) < 0.5, "{}", room_swell(&noise(3000, 2000)));
    // Other voices: the room rises and falls by 4 dB, every 200 ms.
    let talking: Vec<i16> = (0..15).flat_map(|i| noise(200, if i % 2 == 0 { 1000 } else { 1600 })).collect();
    let swell = room_swell(&talking);
    assert!(swell > 1.5, "{swell}");
    assert_eq!(room_swell(&[]), 0.0);
}

#[test]
fn talk_before_the_voice_is_measured_under_it_though_the_room_is_silent_between() {
    // Silence, another player's words (soft), silence, again, then the player's own (loud).
    let mut stream = vec![0i16; 16 * 1000];
    for _ in 0..3 {
        stream.extend(tone(600, 1000.0));
        stream.extend(vec![0i16; 16 * 700]);
    }
    stream.extend(tone(800, 10_000.0));
    stream.extend(vec![0i16; 16 * 500]);
    let mut segmenter = Segmenter::default();
    let cut: Vec<Utterance> = stream.chunks(FRAME).flat_map(|c| segmenter.push(c)).collect();
    let player = cut.last().expect("the player's words cut out");
    assert!(player.room.swell < 1.5, "the room between the words is silent: {}", player.room.swell);
    let under = player.room.talk_under_voice;
    assert!((15.0..25.0).contains(&under), "{under}");
    assert!(player.room.known, "heard for over four seconds");
    assert!(!cut[0].room.known, "the first words, a second in");
    // In a silent room the player's words alone have no talk under them.
    let mut alone = Segmenter::default();
    let mut stream = vec![0i16; 16 * 2000];
    stream.extend(tone(800, 10_000.0));
    stream.extend(vec![0i16; 16 * 500]);
    let cut: Vec<Utterance> = stream.chunks(FRAME).flat_map(|c| alone.push(c)).collect();
    assert_eq!(cut.len(), 1);
    assert_eq!(cut[0].room.talk_under_voice, f32::INFINITY);
    assert!(!cut[0].room.known, "two seconds are too few to know the room");
}

/// Others talking for about `ms`: words of 300 ms at `amplitude`, with gaps of 100 ms, and
/// of `pause` ms after every second word.
fn others_talking(ms: usize, amplitude: i16, pause: usize) -> Vec<i16> {
    let word = || noise(300, amplitude);
    let two = || [word(), vec![0; 16 * 100], word(), vec![0; 16 * pause]].concat();
    (0..ms / (700 + pause)).flat_map(|_| two()).collect()
}

#[test]
fn where_others_talk_on_the_utterance_ends_when_the_voice_does() {
    let mut stream = vec![0i16; 16 * 500];
    // Others' announcements, each cut out on its own, then the player's words over more talk.
    stream.extend(others_talking(4500, 500, 500));
    let voice_begins = stream.len();
    let voice: Vec<i16> = tone(900, 10_000.0).iter().zip(others_talking(2000, 500, 100)).map(|(v, o)| v + o).collect();
    stream.extend(&voice);
    let voice_ends = stream.len() as i64;
    stream.extend(others_talking(3000, 500, 100));
    let mut segmenter = Segmenter::default();
    let cut: Vec<Utterance> = stream.chunks(FRAME).flat_map(|c| segmenter.push(c)).collect();
    let player = cut.iter().find(|u| u.speech_end as usize > voice_begins).expect("the voice cut out");
    let after = (player.speech_end as i64 - voice_ends) / 16;
    assert!((-20..=60).contains(&after), "speech ended {after} ms after the voice");
    assert_eq!(player.cut_at - player.speech_end, (END_FRAMES * FRAME) as u64);
    assert!(player.room.talk_under_voice.is_finite(), "others talk under it");
    // Their talk alone, with gaps shorter than the closing silence, is one utterance to the end.
    let mut theirs = vec![0i16; 16 * 500];
    theirs.extend(others_talking(3000, 500, 100));
    let mut alone = Segmenter::default();
    let cut: Vec<Utterance> = theirs.chunks(FRAME).flat_map(|c| alone.push(c)).collect();
    assert!(cut.is_empty() && alone.in_speech(), "{cut:?}");
}

#[test]
fn where_others_talk_near_under_the_voice_a_pause_in_it_is_known_and_cut_there() {
    let mut stream = vec![0i16; 16 * 500];
    // Others' announcements about 11 dB under the voice (after the filter), then the player's
    // words over more of their talk, which goes on after the voice with gaps of 100 ms.
    stream.extend(others_talking(4500, 2000, 500));
    let voice: Vec<i16> = tone(900, 10_000.0).iter().zip(others_talking(2000, 2000, 100)).map(|(v, o)| v + o).collect();
    stream.extend(&voice);
    let voice_ends = stream.len() as i64;
    let mut segmenter = Segmenter::default();
    for chunk in stream.chunks(FRAME) {
        segmenter.push(chunk);
    }
    assert!(segmenter.in_speech(), "the voice is being heard");
    let after = others_talking(3000, 2000, 100);
    let mut frames = after.chunks(FRAME);
    let mut paused_at = None;
    for (n, chunk) in frames.by_ref().enumerate() {
        assert!(segmenter.push(chunk).is_empty(), "their talk keeps the detector's speech going");
        if segmenter.voice_paused() >= END_FRAMES {
            paused_at = Some(n + 1);
            break;
        }
    }
    let paused_at = paused_at.expect("a pause in the voice as long as the closing silence");
    assert!(paused_at <= END_FRAMES + 2 * SMOOTH_FRAMES, "{paused_at} frames after the voice");
    let ended = (segmenter.voice_end() as i64 - voice_ends) / 16;
    assert!((-20..=60).contains(&ended), "the voice ended {ended} ms after it did");
    // Left to the detector, their talk would have gone on being speech to the end.
    let mut left = segmenter.clone();
    assert!(frames.clone().all(|chunk| left.push(chunk).is_empty()) && left.in_speech());
    let cut = segmenter.cut_at_voice_pause().expect("cut at the pause in the voice");
    assert_eq!(cut.speech_end, segmenter.voice_end());
    assert!(cut.room.talk_under_voice.is_finite(), "others talk under it");
    assert!(!segmenter.in_speech() && segmenter.voice_paused() == 0);
    assert!(segmenter.cut_at_voice_pause().is_none(), "nothing more to cut");
}

#[test]
fn the_next_boards_own_talk_is_no_voice_whose_pauses_are_heard() {
    // Their announcements alone, a louder word and one 9 dB softer, as loud as their talk
    // before: no voice stands over it, and the softer words are no pause in one.
    let words = || [noise(300, 2000), vec![0; 16 * 100], noise(300, 700), vec![0; 16 * 100]].concat();
    let mut stream = vec![0i16; 16 * 500];
    stream.extend(others_talking(4500, 2000, 500));
    (0..5).for_each(|_| stream.extend(words()));
    let mut vad = Segmenter::default();
    for chunk in stream.chunks(FRAME) {
        vad.push(chunk);
        assert_eq!(vad.voice_paused(), vad.quiet_frames());
    }
    assert!(vad.in_speech(), "their talk is speech to the detector");
}

#[test]
fn where_nobody_else_talks_a_pause_in_the_voice_is_the_detectors_quiet() {
    let mut vad = Segmenter::default();
    let mut stream = noise(500, 30);
    stream.extend(tone(400, 8000.0));
    stream.extend(tone(300, 2500.0));
    stream.extend(noise(100, 30));
    stream.extend(tone(300, 8000.0));
    stream.extend(noise(600, 30));
    for chunk in stream.chunks(FRAME) {
        vad.push(chunk);
        assert_eq!(vad.voice_paused(), vad.quiet_frames());
        if vad.in_speech() {
            assert_eq!(vad.voice_end(), vad.speech_end());
        }
    }
}

#[test]
fn samples_may_come_in_any_sizes() {
    let mut stream = noise(300, 30);
    stream.extend(tone(500, 6000.0));
    stream.extend(noise(400, 30));
    let mut whole = Segmenter::default();
    let at_once = whole.push(&stream);
    let mut pieces = Segmenter::default();
    let bit_by_bit: Vec<Utterance> = stream.chunks(37).flat_map(|c| pieces.push(c)).collect();
    assert_eq!(at_once, bit_by_bit);
    assert_eq!(at_once.len(), 1);
}

#[test]
fn the_speech_so_far_and_the_quiet_after_it_are_known_before_it_is_cut() {
    let mut vad = Segmenter::default();
    let mut stream = noise(300, 30);
    stream.extend(tone(400, 8000.0));
    assert!(vad.push(&stream).is_empty());
    assert_eq!(vad.quiet_frames(), 0);
    assert!(vad.push(&noise(100, 30)).is_empty(), "100 ms of quiet do not end it");
    assert!(vad.quiet_frames() >= 5, "{}", vad.quiet_frames());
    let end = vad.speech_end();
    let so_far = vad.speech_so_far().unwrap().to_vec();
    let cut = vad.push(&noise(300, 30));
    assert_eq!(cut.len(), 1);
    assert!(cut[0].samples.starts_with(&so_far) && cut[0].speech_end == end);
    assert_eq!(vad.speech_so_far(), None);
}

#[test]
fn speech_still_going_at_the_end_is_handed_out() {
    let mut vad = Segmenter::default();
    let mut stream = noise(200, 30);
    stream.extend(tone(300, 8000.0));
    assert!(vad.push(&stream).is_empty());
    assert!(vad.in_speech());
    assert!(vad.finish().is_some());
}

/// What the detector cuts out of `stream`, with `set_apart` called for the utterances it names
/// (by their order).
fn cut_setting_apart(stream: &[i16], set_apart: &[usize]) -> Vec<Utterance> {
    let mut vad = Segmenter::default();
    let mut cut: Vec<Utterance> = Vec::new();
    for chunk in stream.chunks(FRAME) {
        for utterance in vad.push(chunk) {
            if set_apart.contains(&cut.len()) {
                vad.not_others_talk(&utterance);
            }
            cut.push(utterance);
        }
    }
    cut
}

#[test]
fn what_begins_in_a_quiet_room_is_the_players_and_no_others_talk_for_what_follows() {
    // Three utterances as loud, a second and a half apart, after seconds of quiet: the first is
    // the player's, and no one else's talk under the second; the second began where the first
    // was heard, and is anyone's (two voices as loud, seconds apart, may be two players).
    let mut stream = noise(4500, 30);
    for _ in 0..3 {
        stream.extend(tone(700, 8000.0));
        stream.extend(noise(1500, 30));
    }
    let cut = cut_setting_apart(&stream, &[]);
    let talk: Vec<f32> = cut.iter().map(|u| u.room.talk_under_voice).collect();
    assert_eq!(talk.len(), 3, "{cut:?}");
    assert!(talk[0].is_infinite() && talk[1].is_infinite(), "{talk:?}");
    assert!(talk[2] < 3.0, "{talk:?}");
}

#[test]
fn the_programs_own_voice_set_apart_is_no_others_talk_under_the_players() {
    // The player's words after quiet, the program's voice a second after them, and the player's
    // again a second and a half later, all as loud: the program's voice is others' talk near the
    // player's unless it is set apart.
    let mut stream = noise(4500, 30);
    for ms in [600, 800, 600] {
        stream.extend(tone(ms, 8000.0));
        stream.extend(noise(1200, 30));
    }
    for set_apart in [false, true] {
        let cut = cut_setting_apart(&stream, if set_apart { &[1] } else { &[] });
        assert_eq!(cut.len(), 3, "{cut:?}");
        let talk = cut[2].room.talk_under_voice;
        match set_apart {
            true => assert!(talk.is_infinite(), "the player's voice alone: {talk}"),
            false => assert!(talk < 3.0, "the program's voice as loud before it: {talk}"),
        }
    }
}

#[test]
fn words_cut_in_two_by_a_short_pause_are_heard_among_their_first_part() {
    // After seconds of quiet, words with a pause of 400 ms in them (cut in two): the second part
    // may be the rest of the same words, or another voice, and the first is talk near it.
    let mut stream = noise(4500, 30);
    stream.extend(tone(700, 8000.0));
    stream.extend(noise(400, 30));
    stream.extend(tone(500, 8000.0));
    stream.extend(noise(600, 30));
    let cut = cut_setting_apart(&stream, &[]);
    assert_eq!(cut.len(), 2, "{cut:?}");
    assert!(cut[1].room.talk_under_voice < 3.0, "{:?}", cut[1].room);
}

#[test]
fn the_programs_voice_going_on_for_seconds_is_no_room_the_player_must_rise_over() {
    // The program reads out the board for nine seconds through the loudspeakers, then the player
    // says a move half a second later, softer than the program's voice.
    let cut = |program_told: bool| {
        let mut vad = Segmenter::default();
        assert!(vad.push(&noise(1000, 30)).is_empty());
        vad.program_speaks(program_told);
        let mut heard = vad.push(&tone(9000, 8000.0));
        vad.program_speaks(false);
        heard.extend(vad.push(&noise(500, 30)));
        heard.extend(vad.push(&tone(600, 3000.0)));
        heard.extend(vad.push(&noise(500, 30)));
        heard
    };
    let told = cut(true);
    let player = told.last().expect("the player's move is cut out");
    let ends = (1000 + 9000 + 500 + 600) * 16;
    assert!((player.speech_end as i64 - ends).abs() <= (SMOOTH_FRAMES * FRAME) as i64, "{}", player.speech_end);
    assert!(player.samples.len() < 2000 * 16, "the player's words alone: {}", player.samples.len());
    // Sound nobody says is the program's that goes on so long is the room, and the move under it
    // is not heard.
    assert!(cut(false).is_empty());
}
