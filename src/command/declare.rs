//! `commands!`: a front end's commands declared once, one record each — its names in every
//! language, its typed arguments (which give its signature), its help key, its group, whether it
//! only asks, where it works, the sentences and the spoken words that stand for it, the duty that
//! carries it out with the parts of the front end it takes and, for an action that cannot be
//! undone, the question asked first. From that one list come the typed command enum, the
//! records, reading a command's arguments, carrying it out and the question.
//!
//! ```text
//! commands! {
//!     /// The commands of a game.
//!     pub enum Command for Session => Response;
//!     /// `time [me|opponent|white|black]`: the remaining times and moves made.
//!     Time { of: Option<Whose> } = "time" | "t", et "aeg", de "zeit",
//!         help "help.time", group Clock (asks), at Table | Online | Practice,
//!         said ["how much time", "how much time do i have" => "me"],
//!         heard ["en": "time", "et": "aeg", "appendix-e": "zeit"],
//!         run |s, of| clock::time(&s.clock, &s.game, &s.settings, &s.wording, of);
//! }
//! ```
//! A handler takes the front end's context and the arguments by value and answers with anything
//! that becomes its response: the record hands the duty the parts it uses. A question takes the
//! context and the arguments by reference. Without `at`, a command works wherever a game is
//! played (at the table, online, in practice).

/// Declares a front end's commands; see the module's documentation.
macro_rules! commands {
    (
        $(#[$meta:meta])*
        $vis:vis enum $Enum:ident for $Ctx:ty => $Out:ty;
        $(
            $(#[doc = $doc:literal])*
            $Variant:ident { $($arg:ident : $Ty:ty),* }
                = $name:literal $(| $alias:literal)*, et $et:literal, de $de:literal,
                help $help:literal, group $group:ident $(($asks:ident))?
                $(, at $($place:ident)|+)?
                $(, said [$($sentence:literal $(=> $sargs:literal)?),* $(,)?])?
                $(, heard [$($pack:literal : $word:literal),* $(,)?])?
                , run $run:expr $(, ask $ask:expr)?;
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
                        asks: $crate::command::commands!(@asks $($asks)?),
                        places: $crate::command::commands!(@places $($($place)|+)?),
                        sentences: &[$($(($sentence, $crate::command::commands!(@or $($sargs)?))),*)?],
                        heard: &[$($(($pack, $word)),*)?],
                    },
                )*];
                RECORDS
            }

            // A front end whose commands take nothing reads no arguments.
            #[allow(unused_variables)]
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
            /// Carries the command out: its duty, with the parts it takes.
            pub fn run(self, ctx: &mut $Ctx) -> $Out {
                match self {
                    $( $Enum::$Variant { $($arg),* } => {
                        let run: fn(&mut $Ctx $(, $Ty)*) -> _ = $run;
                        ::std::convert::Into::into(run(ctx, $($arg),*))
                    } )*
                }
            }

            /// The question asked before the command is carried out, when it cannot be undone and
            /// would really change something now.
            #[allow(unused_variables)]
            pub fn question(&self, ctx: &$Ctx) -> Option<$crate::wording::Words> {
                match self {
                    $( $Enum::$Variant { $($arg),* } => $crate::command::commands!(@ask ctx, $Ctx $(, $ask)? ; $($arg: $Ty),*), )*
                }
            }
        }
    };
    (@ask $ctx:ident, $Ctx:ty ; $($arg:ident : $Ty:ty),*) => { None };
    (@ask $ctx:ident, $Ctx:ty, $ask:expr ; $($arg:ident : $Ty:ty),*) => {{
        let ask: fn(&$Ctx $(, &$Ty)*) -> Option<$crate::wording::Words> = $ask;
        ask($ctx, $($arg),*)
    }};
    (@asks) => { false };
    (@asks asks) => { true };
    (@places) => { $crate::command::Places::GAME };
    (@places $($place:ident)|+) => { $crate::command::Places::of(&[$($crate::command::Place::$place),+]) };
    (@or) => { "" };
    (@or $value:literal) => { $value };
}

pub(crate) use commands;
