//! `commands!`: a front end's commands declared once, one record each — its names in every
//! language, its typed arguments (which give its signature), its help key, its group, its handler
//! and, for an action that cannot be undone, the question asked first. From that one list come the
//! typed command enum, the records, reading a command's arguments, carrying it out and the
//! question.
//!
//! ```text
//! commands! {
//!     /// The commands of a game.
//!     pub enum Command for Session => Response;
//!     /// `draw [COLOR]`: a draw offer, by the side that just moved unless named.
//!     Draw { by: Option<Color> } = "draw" | "offer", et "viik", de "remis",
//!         help "help.draw", group Offers, run draw::offer;
//! }
//! ```
//! A handler takes the front end's context and the arguments by value and answers with anything
//! that becomes its response; a question takes the context and the arguments by reference.

/// Declares a front end's commands; see the module's documentation.
macro_rules! commands {
    (
        $(#[$meta:meta])*
        $vis:vis enum $Enum:ident for $Ctx:ty => $Out:ty;
        $(
            $(#[doc = $doc:literal])*
            $Variant:ident { $($arg:ident : $Ty:ty),* }
                = $name:literal $(| $alias:literal)*, et $et:literal, de $de:literal,
                help $help:literal, group $group:ident,
                run $run:path $(, ask $ask:path)?;
        )*
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq)]
        #[allow(missing_docs)]
        $vis enum $Enum {
            $( $(#[doc = $doc])* $Variant { $($arg: $Ty),* }, )*
        }

        impl $crate::command::CommandSet for $Enum {
            fn records() -> &'static [$crate::command::Record] {
                const RECORDS: &[$crate::command::Record] = &[$(
                    $crate::command::Record {
                        name: $name,
                        aliases: &[$($alias),*],
                        localized: [$et, $de],
                        signature: || vec![$(<$Ty as $crate::command::Param>::shape()),*],
                        help: $help,
                        group: $crate::command::Group::$group,
                    },
                )*];
                RECORDS
            }

            fn read(
                record: &'static $crate::command::Record,
                args: &mut $crate::command::Args<'_>,
            ) -> Result<Self, $crate::command::ArgError> {
                match record.name {
                    $( $name => Ok($Enum::$Variant { $($arg: <$Ty as $crate::command::Param>::read(args)?),* }), )*
                    _ => Err($crate::command::ArgError::Usage),
                }
            }

            fn record(&self) -> &'static $crate::command::Record {
                let name = match self { $( $Enum::$Variant { .. } => $name, )* };
                <Self as $crate::command::CommandSet>::records()
                    .iter()
                    .find(|r| r.name == name)
                    .expect("every command has its record")
            }
        }

        impl $Enum {
            /// Carries the command out.
            pub fn run(self, ctx: &mut $Ctx) -> $Out {
                match self {
                    $( $Enum::$Variant { $($arg),* } => ::std::convert::Into::into($run(ctx, $($arg),*)), )*
                }
            }

            /// The question asked before the command is carried out, when it cannot be undone and
            /// would really change something now.
            #[allow(unused_variables)]
            pub fn question(&self, ctx: &$Ctx) -> Option<$crate::wording::Words> {
                match self {
                    $( $Enum::$Variant { $($arg),* } => $crate::command::commands!(@ask ctx $(, $ask)? ; $($arg),*), )*
                }
            }
        }
    };
    (@ask $ctx:ident ; $($arg:ident),*) => { None };
    (@ask $ctx:ident, $ask:path ; $($arg:ident),*) => { $ask($ctx, $($arg),*) };
}

pub(crate) use commands;
