//! Numbers as spoken words, split into the parts a clip set records once each: German
//! `ein` `und` `zwanzig` for 21, English `twenty` `one`, Estonian `kakskümmend` `üks`. The audio
//! scoresheet says move numbers with them.

/// The words of `n` (1 to 999) in `language` (`de`, `et`, anything else English), in speaking order.
pub fn number_words(n: u32, language: &str) -> Vec<&'static str> {
    let n = n.clamp(1, 999);
    match language {
        "de" => german(n),
        "et" => estonian(n),
        _ => english(n),
    }
}

/// Every part any number from 1 to 999 uses in `language`, once each.
pub fn number_parts(language: &str) -> Vec<&'static str> {
    let mut parts: Vec<&'static str> = Vec::new();
    for n in 1..1000 {
        for word in number_words(n, language) {
            if !parts.contains(&word) {
                parts.push(word);
            }
        }
    }
    parts
}

const EN_SMALL: [&str; 20] = [
    "",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
const EN_TENS: [&str; 10] = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

fn english(n: u32) -> Vec<&'static str> {
    let mut words = Vec::new();
    if n >= 100 {
        words.extend([EN_SMALL[(n / 100) as usize], "hundred"]);
    }
    tens_then_units(n % 100, &EN_SMALL, &EN_TENS, &mut words);
    words
}

/// 1 to 99 said tens first (English `forty two`, Estonian `nelikümmend kaks`); nothing for 0.
fn tens_then_units(rest: u32, small: &[&'static str; 20], tens: &[&'static str; 10], words: &mut Vec<&'static str>) {
    if rest >= 20 {
        words.push(tens[(rest / 10) as usize]);
        if !rest.is_multiple_of(10) {
            words.push(small[(rest % 10) as usize]);
        }
    } else if rest > 0 {
        words.push(small[rest as usize]);
    }
}

const DE_SMALL: [&str; 20] = [
    "",
    "eins",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
    "fünfzehn",
    "sechzehn",
    "siebzehn",
    "achtzehn",
    "neunzehn",
];
const DE_TENS: [&str; 10] =
    ["", "", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig"];

/// A German unit inside a compound: `ein` (einundzwanzig, einhundert), else as counted.
fn de_unit(n: u32) -> &'static str {
    if n == 1 {
        "ein"
    } else {
        DE_SMALL[n as usize]
    }
}

fn german(n: u32) -> Vec<&'static str> {
    let mut words = Vec::new();
    if n >= 100 {
        words.extend([de_unit(n / 100), "hundert"]);
    }
    let rest = n % 100;
    if rest >= 20 {
        if !rest.is_multiple_of(10) {
            words.extend([de_unit(rest % 10), "und"]);
        }
        words.push(DE_TENS[(rest / 10) as usize]);
    } else if rest > 0 {
        words.push(DE_SMALL[rest as usize]);
    }
    words
}

const ET_SMALL: [&str; 20] = [
    "",
    "üks",
    "kaks",
    "kolm",
    "neli",
    "viis",
    "kuus",
    "seitse",
    "kaheksa",
    "üheksa",
    "kümme",
    "üksteist",
    "kaksteist",
    "kolmteist",
    "neliteist",
    "viisteist",
    "kuusteist",
    "seitseteist",
    "kaheksateist",
    "üheksateist",
];
const ET_TENS: [&str; 10] = [
    "",
    "",
    "kakskümmend",
    "kolmkümmend",
    "nelikümmend",
    "viiskümmend",
    "kuuskümmend",
    "seitsekümmend",
    "kaheksakümmend",
    "üheksakümmend",
];

fn estonian(n: u32) -> Vec<&'static str> {
    let mut words = Vec::new();
    match n / 100 {
        0 => {}
        1 => words.push("sada"),
        h => words.extend([ET_SMALL[h as usize], "sada"]),
    }
    tens_then_units(n % 100, &ET_SMALL, &ET_TENS, &mut words);
    words
}

#[cfg(test)]
mod tests {
    use super::{number_parts, number_words};

    #[test]
    fn numbers_in_three_languages() {
        assert_eq!(number_words(1, "de"), ["eins"]);
        assert_eq!(number_words(21, "de"), ["ein", "und", "zwanzig"]);
        assert_eq!(number_words(30, "de"), ["dreißig"]);
        assert_eq!(number_words(101, "de"), ["ein", "hundert", "eins"]);
        assert_eq!(number_words(245, "de"), ["zwei", "hundert", "fünf", "und", "vierzig"]);
        assert_eq!(number_words(17, "en"), ["seventeen"]);
        assert_eq!(number_words(42, "en"), ["forty", "two"]);
        assert_eq!(number_words(300, "en"), ["three", "hundred"]);
        assert_eq!(number_words(12, "et"), ["kaksteist"]);
        assert_eq!(number_words(57, "et"), ["viiskümmend", "seitse"]);
        assert_eq!(number_words(100, "et"), ["sada"]);
        assert_eq!(number_words(203, "et"), ["kaks", "sada", "kolm"]);
    }

    #[test]
    fn parts_are_few_and_cover_every_number() {
        for language in ["de", "en", "et"] {
            let parts = number_parts(language);
            assert!(parts.len() < 40, "{language}: {} parts", parts.len());
            assert!(!parts.contains(&""), "{language}");
            for n in 1..1000 {
                assert!(number_words(n, language).iter().all(|w| parts.contains(w)));
            }
        }
    }
}
