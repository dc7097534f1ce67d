//! Builds the one piece of C the program needs: on Linux with audio or listening, the handler that
//! keeps ALSA's own error messages off the terminal (a variadic C callback cannot be written in
//! Rust).

fn main() {
    println!("cargo:rerun-if-changed=src/audio/c/quiet_alsa.c");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let sound = ["CARGO_FEATURE_AUDIO", "CARGO_FEATURE_LISTEN"].iter().any(|f| std::env::var_os(f).is_some());
    if linux && sound {
        cc::Build::new().file("src/audio/c/quiet_alsa.c").compile("quiet_alsa");
        println!("cargo:rustc-link-lib=asound");
    }
}
