//! ALSA's own error lines kept off the terminal (eight lines a sound, or a microphone looked for,
//! when there is no sound card): they would drown a screen reader or a braille display, and
//! annabella words the one warning itself. Used by the cues and by the microphone.

/// Keeps ALSA's own error lines off the terminal (once per process); annabella words the one
/// warning itself.
pub fn quiet_alsa() {
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn annabella_quiet_alsa();
        }
        static ONCE: std::sync::Once = std::sync::Once::new();
        // SAFETY: the C function only installs ALSA's error handler, a static function that reads
        // none of its arguments; it is called once, before any stream is opened.
        ONCE.call_once(|| unsafe { annabella_quiet_alsa() });
    }
}
