//! Fuzzes the journal reader: any text is either refused with a reason or read into records that
//! write back to the same lines.
#![no_main]

use annabella::store::load;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(loaded) = load("fuzz", text) {
        for record in &loaded.records {
            let again = annabella::store::Record::parse(&record.line()).expect("a written record reads back");
            assert_eq!(&again, record);
        }
        assert!(loaded.good_len as usize <= text.len());
    }
});
