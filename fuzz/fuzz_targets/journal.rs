//! Fuzzes the journal reader: any bytes are either refused with a reason or read into records
//! that write back to the same lines.
#![no_main]

use annabella::store::load_bytes;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Any bytes: text or not, the reader answers with records or with the damaged line.
    if let Ok(loaded) = load_bytes("fuzz", data) {
        for record in &loaded.records {
            let again = annabella::store::Record::parse(&record.line()).expect("a written record reads back");
            assert_eq!(&again, record);
        }
        assert!(loaded.good_len as usize <= data.len());
    }
});
