//! Builds the one piece of C the program needs: on Linux with audio, the handler that keeps
//! ALSA's own error messages off the terminal (a variadic C callback cannot be written in Rust).

fn main() {
    println!("cargo:rerun-if-changed=src/audio/c/quiet_alsa.c");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    if linux && std::env::var_os("CARGO_FEATURE_AUDIO").is_some() {
        cc::Build::new().file("src/audio/c/quiet_alsa.c").compile("quiet_alsa");
        println!("cargo:rustc-link-lib=asound");
    }
}
