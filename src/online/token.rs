//! The personal token that lets annabella play on the account (scope `board:play`): read from the
//! environment (`LICHESS_TOKEN`) or from a file that only its owner may read (mode 600), named in
//! the configuration. It is never printed, never journaled and never said: its `Debug` hides it.

use std::path::Path;

/// A personal access token.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(…)")
    }
}

/// Why there is no token to use.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// Neither the environment nor the configuration gives one.
    #[error("no token")]
    Missing,
    /// The file cannot be read.
    #[error("the token file cannot be read")]
    Unreadable(String),
    /// Others may read the file.
    #[error("the token file may be read by others")]
    Open(String),
    /// The file or variable holds no token.
    #[error("the token file holds no token")]
    Empty(String),
}

/// The environment variable read first.
pub const TOKEN_VARIABLE: &str = "LICHESS_TOKEN";

impl Token {
    /// A token as given.
    pub fn new(secret: &str) -> Token {
        Token(secret.trim().to_string())
    }

    /// The secret, for the request header only.
    pub fn secret(&self) -> &str {
        &self.0
    }

    /// The token from `LICHESS_TOKEN`, else from `file` (which only its owner may read).
    pub fn find(variable: Option<String>, file: Option<&Path>) -> Result<Token, TokenError> {
        if let Some(secret) = variable.filter(|v| !v.trim().is_empty()) {
            return Ok(Token::new(&secret));
        }
        let file = file.ok_or(TokenError::Missing)?;
        let shown = file.display().to_string();
        let metadata = std::fs::metadata(file).map_err(|_| TokenError::Unreadable(shown.clone()))?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            if metadata.permissions().mode() & 0o077 != 0 {
                return Err(TokenError::Open(shown));
            }
        }
        #[cfg(not(unix))]
        let _ = metadata;
        let text = std::fs::read_to_string(file).map_err(|_| TokenError::Unreadable(shown.clone()))?;
        match text.trim() {
            "" => Err(TokenError::Empty(shown)),
            secret => Ok(Token::new(secret)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_comes_from_the_environment_or_a_private_file_and_is_never_shown() {
        let token = Token::find(Some("lip_secret".into()), None).unwrap();
        assert_eq!(token.secret(), "lip_secret");
        assert!(!format!("{token:?}").contains("secret"));
        assert_eq!(Token::find(None, None), Err(TokenError::Missing));
        let dir = std::env::temp_dir().join(format!("annabella-token-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("token");
        std::fs::write(&file, "lip_from_file\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
            assert!(matches!(Token::find(None, Some(&file)), Err(TokenError::Open(_))));
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        }
        assert_eq!(Token::find(None, Some(&file)).unwrap().secret(), "lip_from_file");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
