//! Share links: what the page shows (the scramble or facelet state, the
//! solving mode and the playback position) as a short, readable query
//! string, and back. Also reads links from alg.cubing.net and Twizzle and
//! writes links to them.
//!
//! Writing follows alg.cubing.net's compact style: `_` for a space and `-`
//! for a prime, so `?scramble=R_U-_F2&mode=fewest&move=3`. Reading also
//! accepts ordinary URL encoding (`+`, `%20`, `%27`). Parameters the page
//! does not know (`fbclid`, `utm_source`, … added by the sites a link is
//! shared on) are ignored; bad values of known ones are refused.

use crate::cube::notation;
use crate::input::{Input, Mode, Solved, UnknownMode};
use crate::show::stage_view::{UnknownView, ViewMode};
use crate::solve::niss::{self, Side};
use crate::solve::stage::StageKind;

/// Longest query string read, in bytes: room for the longest text the
/// Scramble box takes and an attempt as long, each percent-encoded (up to
/// nine bytes a character, a typographic prime's), so that every link the
/// page writes opens again.
pub const MAX_QUERY_BYTES: usize = 20 * notation::MAX_INPUT_CHARS;

/// Everything a share link restores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    pub input: Input,
    /// The mode, where the link names one.
    pub mode: Option<Mode>,
    /// How the cube is coloured, where the link names it; written only
    /// when it is not the default stage view, so links stay short.
    pub view: Option<ViewMode>,
    /// The alg of another tool's reconstruction link that also has a
    /// setup: the link's own solution of that setup, which the page offers
    /// to play. Never written.
    pub solution: Option<String>,
    /// The solution on show, stage by stage, where it is not the one the
    /// mode finds (a proof's, or a reconstruction's): the link plays it as
    /// it is. Written as `solution=` with the stages between `~`.
    pub stages: Option<[String; StageKind::COUNT]>,
    /// Whether the page shows only the player, to sit in another page's
    /// frame (`embed=1`).
    pub embed: bool,
    /// Whether the page lays out a printable handout (`handout=1`).
    pub handout: bool,
    /// Moves of the solution already played.
    pub position: usize,
}

/// Why a link could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShareError {
    #[error("the link is longer than {MAX_QUERY_BYTES} bytes")]
    TooLong,
    #[error("bad %-escape at character {0} of the link")]
    BadEscape(usize),
    #[error("parameter `{0}` is not valid UTF-8 text")]
    NotText(String),
    #[error("parameter `{0}` appears more than once")]
    Repeated(String),
    #[error("parameters `{0}` and `{1}` contradict each other")]
    Conflict(String, String),
    #[error("{0}")]
    BadMode(#[from] UnknownMode),
    #[error("{0}")]
    BadView(#[from] UnknownView),
    #[error("move position `{0}` is not a count of moves (0, 1, 2 …)")]
    BadPosition(String),
    #[error(
        "parameter `solution` should hold {count} stages parted by `~`, and holds {0}",
        count = StageKind::COUNT
    )]
    BadStages(usize),
    #[error("parameter `{0}` is `{1}`, neither `1` nor `0`")]
    BadSwitch(&'static str, String),
    #[error("puzzle `{0}` is not a 3x3x3 cube")]
    WrongPuzzle(String),
    #[error("the link has no scramble or state")]
    Empty,
}

/// A literal dash in compact style, as alg.cubing.net writes it.
const LITERAL_DASH: &str = "&#45;";
const LITERAL_DASH_ESCAPED: &str = "%26%2345%3B";

/// The parameters a link is read by; any other is ignored.
const KNOWN: [&str; 13] = [
    "scramble",
    "state",
    "mode",
    "move",
    "view",
    "solution",
    "embed",
    "handout",
    "setup",
    "alg",
    "setup-alg",
    "experimental-setup-alg",
    "puzzle",
];

/// What separates the stages of a `solution` parameter.
const STAGE_SEPARATOR: char = '~';

/// Parameters that make a link another tool's (alg.cubing.net or Twizzle).
const OTHER_TOOLS: [&str; 4] = ["setup", "alg", "setup-alg", "experimental-setup-alg"];

fn hex(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}

/// Percent-decodes `text`, reading `+` as a space and, in compact style,
/// `_` as a space and `-` as a prime. `offset` places errors in the link.
fn decode_component(text: &str, compact: bool, offset: usize) -> Result<Vec<u8>, ShareError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let value = bytes
                    .get(i + 1..i + 3)
                    .and_then(|pair| Some(hex(pair[0])? * 16 + hex(pair[1])?))
                    .ok_or(ShareError::BadEscape(offset + i + 1))?;
                out.push(value);
                i += 2;
            }
            b'+' => out.push(b' '),
            b'_' if compact => out.push(b' '),
            b'-' if compact => out.push(b'\''),
            b => out.push(b),
        }
        i += 1;
    }
    Ok(out)
}

/// Encodes text for a query value; in compact style spaces become `_` and
/// primes `-`, and literal `_` and `-` are escaped so they survive.
fn encode_component(text: &str, compact: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        match b {
            b' ' if compact => out.push('_'),
            b'\'' if compact => out.push('-'),
            // alg.cubing.net turns every `-` into a prime, even an escaped one,
            // and keeps a literal dash only as the entity `&#45;`.
            b'-' if compact => out.push_str(LITERAL_DASH_ESCAPED),
            b'_' if compact => out.push_str("%5F"),
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'.'
            | b'~'
            | b'('
            | b')'
            | b','
            | b':'
            | b'/' => out.push(b as char),
            b'-' | b'_' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The query part of a link: after `?` (up to `#`), or after `#`, or the
/// whole text if it has neither.
fn query_of(link: &str) -> &str {
    let link = link.trim();
    if let Some((_, after)) = link.split_once('?') {
        after.split('#').next().unwrap_or("")
    } else if let Some((_, after)) = link.split_once('#') {
        after
    } else {
        link
    }
}

/// Whether a query is a Twizzle link's: only Twizzle names these.
fn is_twizzle(query: &str) -> bool {
    query.split('&').any(|part| {
        let name = part.split_once('=').map_or(part, |(name, _)| name);
        matches!(name, "setup-alg" | "experimental-setup-alg" | "puzzle")
    })
}

/// A query split into decoded `(name, value)` pairs of the `KNOWN`
/// parameters, refusing repeats; the others are skipped unread.
fn parameters(query: &str) -> Result<Vec<(String, String)>, ShareError> {
    if query.len() > MAX_QUERY_BYTES {
        return Err(ShareError::TooLong);
    }
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut offset = 0;
    for part in query.split('&') {
        let start = offset;
        offset += part.len() + 1;
        if part.is_empty() {
            continue;
        }
        let (raw_name, raw_value) = part.split_once('=').unwrap_or((part, ""));
        // A name that does not decode is no known name either.
        let Some(name) = decode_component(raw_name, false, start)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .filter(|name| KNOWN.contains(&name.as_str()))
        else {
            continue;
        };
        // Twizzle writes ordinary URL encoding, where `-` is a dash; Thistle
        // and alg.cubing.net write compact style, where it is a prime.
        let compact = match name.as_str() {
            "scramble" | "setup" | "solution" => true,
            "alg" => !is_twizzle(query),
            _ => false,
        };
        let value_offset = start + raw_name.len() + 1;
        let mut value = String::from_utf8(decode_component(raw_value, compact, value_offset)?)
            .map_err(|_| ShareError::NotText(name.clone()))?;
        if compact {
            value = value.replace(LITERAL_DASH, "-");
        }
        if pairs.iter().any(|(n, _)| *n == name) {
            return Err(ShareError::Repeated(name));
        }
        pairs.push((name, value));
    }
    Ok(pairs)
}

/// Reads a share link, a bare query string, or a link from alg.cubing.net
/// (`setup`, `alg`) or Twizzle (`setup-alg`, `experimental-setup-alg`,
/// `alg`). Another tool's setup and alg become one scramble.
pub fn decode(link: &str) -> Result<Shared, ShareError> {
    let pairs = parameters(query_of(link))?;
    let get = |name: &str| {
        pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    if let Some(puzzle) = get("puzzle").filter(|puzzle| *puzzle != "3x3x3") {
        return Err(ShareError::WrongPuzzle(puzzle.into()));
    }
    let conflicts = [
        ("scramble", "state"),
        ("setup", "setup-alg"),
        ("setup", "experimental-setup-alg"),
        ("setup-alg", "experimental-setup-alg"),
        ("state", "setup"),
        ("state", "setup-alg"),
        ("state", "experimental-setup-alg"),
        ("state", "alg"),
        ("scramble", "setup"),
        ("scramble", "setup-alg"),
        ("scramble", "experimental-setup-alg"),
        ("scramble", "alg"),
        ("solution", "alg"),
    ];
    for (a, b) in conflicts {
        if get(a).is_some() && get(b).is_some() {
            return Err(ShareError::Conflict(a.into(), b.into()));
        }
    }
    let mode = get("mode").map(str::parse).transpose()?;
    // Twizzle's `view` means something else (`fullscreen`, …): on its links
    // only Thistle's own values are read.
    let other_tool = OTHER_TOOLS.iter().any(|name| get(name).is_some());
    let view = match get("view").map(str::parse::<ViewMode>) {
        Some(Err(_)) if other_tool => None,
        view => view.transpose()?,
    };
    let position = match get("move") {
        None => 0,
        Some(text) => text
            .parse()
            .map_err(|_| ShareError::BadPosition(text.into()))?,
    };
    let stages = get("solution").map(stages_of_link).transpose()?;
    let switch = |name: &'static str| match get(name) {
        None | Some("0") => Ok(false),
        Some("1") => Ok(true),
        Some(other) => Err(ShareError::BadSwitch(name, other.into())),
    };
    let (embed, handout) = (switch("embed")?, switch("handout")?);
    let mut solution = None;
    let input = if let Some(state) = get("state") {
        Input::Facelets(state.to_string())
    } else if let Some(scramble) = get("scramble") {
        Input::Scramble(scramble.to_string())
    } else {
        // In a reconstruction the setup is the scramble and the alg its
        // solution; an empty setup leaves the alg as the scramble.
        let setup = get("setup")
            .or(get("setup-alg"))
            .or(get("experimental-setup-alg"))
            .filter(|setup| !setup.trim().is_empty());
        match (setup, get("alg")) {
            (None, None) => return Err(ShareError::Empty),
            (Some(s), None) | (None, Some(s)) => Input::Scramble(s.to_string()),
            (Some(setup), Some(alg)) => {
                solution = Some(alg.to_string());
                Input::Scramble(setup.to_string())
            }
        }
    };
    Ok(Shared {
        input,
        mode,
        view,
        solution,
        stages,
        embed,
        handout,
        position,
    })
}

/// The stages of a `solution` parameter, trimmed.
fn stages_of_link(text: &str) -> Result<[String; StageKind::COUNT], ShareError> {
    let parts: Vec<String> = text
        .split(STAGE_SEPARATOR)
        .map(|part| part.trim().to_string())
        .collect();
    let count = parts.len();
    parts.try_into().map_err(|_| ShareError::BadStages(count))
}

/// Whether pasted text is a link rather than notation: one that starts as
/// a link does, or one word that holds a link's marks. Moves typed before
/// a link are notation with a mistake in it, shown where it is, rather than
/// dropped for the link.
pub fn looks_like_link(text: &str) -> bool {
    let text = text.trim();
    let one_word = !text.contains(char::is_whitespace);
    text.starts_with('?')
        || text.starts_with("http")
        || one_word && (text.contains("://") || text.contains("alg=") || text.contains("scramble="))
}

/// The query string (without `?`) that restores `shared`.
pub fn encode(shared: &Shared) -> String {
    let mut query = match &shared.input {
        Input::Scramble(text) => format!("scramble={}", encode_component(text, true)),
        Input::Facelets(text) => format!("state={}", encode_component(text, false)),
    };
    if let Some(mode) = shared.mode {
        query += &format!("&mode={}", mode.as_str());
    }
    query += &format!("&move={}", shared.position);
    if let Some(view) = shared.view.filter(|view| *view != ViewMode::default()) {
        query += &format!("&view={}", view.as_str());
    }
    if let Some(stages) = &shared.stages {
        let joined = stages.join(&STAGE_SEPARATOR.to_string());
        query += &format!("&solution={}", encode_component(&joined, true));
    }
    if shared.embed {
        query += "&embed=1";
    }
    if shared.handout {
        query += "&handout=1";
    }
    query
}

/// The solution as one line per stage, each after a `// <stage name>`
/// comment, so the stages survive a trip to another tool; stages on the
/// inverse side (NISS) as the whole solution plays them.
pub fn commented_solution(solved: &Solved, sides: &[Side; StageKind::COUNT]) -> String {
    let stages = solved.solution.stages.iter().zip(sides);
    let normal = stages
        .clone()
        .filter(|(_, &side)| side == Side::Normal)
        .map(|(stage, _)| {
            format!(
                "// {}\n{}",
                stage.name,
                notation::format_moves(&stage.moves)
            )
        });
    // Moves found on the inverse scramble come last, undone in reverse, so
    // the alg plays the whole solution on the real scramble.
    let inverse = stages
        .rev()
        .filter(|(_, &side)| side == Side::Inverse)
        .map(|(stage, _)| {
            format!(
                "// {}, found on the inverse scramble: ({}), undone\n{}",
                stage.name,
                notation::format_moves(&stage.moves),
                notation::format_moves(&niss::inverted(&stage.moves))
            )
        });
    normal.chain(inverse).collect::<Vec<_>>().join("\n")
}

/// Reads back what `commented_solution` writes: each stage's moves after
/// its `// <stage name>` line, or `None` for an alg not split that way
/// (moves before the first stage line, a stage named twice or missing).
pub fn stages_of_commented(text: &str) -> Option<[String; StageKind::COUNT]> {
    let mut stages: [Option<String>; StageKind::COUNT] = Default::default();
    let mut current = None;
    for line in text.lines().map(str::trim).filter(|line| !line.is_empty()) {
        let named = line
            .strip_prefix("//")
            .and_then(|name| StageKind::ALL.into_iter().find(|k| k.name() == name.trim()));
        match (named, current) {
            (Some(kind), _) if stages[kind.index()].is_none() => {
                stages[kind.index()] = Some(String::new());
                current = Some(kind);
            }
            (None, Some(kind)) => {
                let moves = stages[kind.index()].get_or_insert_with(String::new);
                moves.push_str(line);
                moves.push('\n');
            }
            _ => return None,
        }
    }
    let [a, b, c, d] = stages;
    Some([a?, b?, c?, d?])
}

/// A link that opens the scramble and its staged solution in alg.cubing.net.
pub fn alg_cubing_link(solved: &Solved, sides: &[Side; StageKind::COUNT]) -> String {
    format!(
        "https://alg.cubing.net/?setup={}&alg={}",
        encode_component(&solved.scramble(), true),
        encode_component(&commented_solution(solved, sides), true)
    )
}

/// A link that opens the scramble and its staged solution in Twizzle.
pub fn twizzle_link(solved: &Solved, sides: &[Side; StageKind::COUNT]) -> String {
    format!(
        "https://alpha.twizzle.net/edit/?puzzle=3x3x3&setup-alg={}&alg={}",
        encode_component(&solved.scramble(), false),
        encode_component(&commented_solution(solved, sides), false)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::cubie::CubieCube;

    const NORMAL: [Side; StageKind::COUNT] = [Side::Normal; StageKind::COUNT];

    fn scramble(text: &str) -> Shared {
        Shared {
            input: Input::Scramble(text.into()),
            mode: Some(Mode::Fast),
            view: None,
            solution: None,
            stages: None,
            embed: false,
            handout: false,
            position: 0,
        }
    }

    #[test]
    fn links_are_compact_and_readable() {
        let shared = Shared {
            position: 7,
            ..scramble("R U' F2")
        };
        assert_eq!(encode(&shared), "scramble=R_U-_F2&mode=fast&move=7");
    }

    #[test]
    fn a_link_to_the_longest_scramble_the_box_takes_opens_again() {
        // Typographic primes, percent-encoded at nine bytes each, and an
        // attempt as long beside it.
        let text = "R’ ".repeat(notation::MAX_INPUT_CHARS / 3);
        let query = encode(&scramble(&text));
        let attempt = format!("&attempt={}", encode_component(&text, false));
        assert!(query.len() + attempt.len() > 4 * notation::MAX_INPUT_CHARS);
        assert_eq!(decode(&format!("{query}{attempt}")), Ok(scramble(&text)));
    }

    #[test]
    fn every_field_round_trips() {
        for shared in [
            Shared {
                input: Input::Scramble("(R U)3 [r: M2] // x-y_z".into()),
                mode: Some(Mode::Fewest),
                view: Some(ViewMode::Colours),
                solution: None,
                stages: None,
                embed: false,
                handout: false,
                position: 12,
            },
            Shared {
                input: Input::Facelets(
                    "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB".into(),
                ),
                mode: Some(Mode::Fast),
                view: None,
                solution: None,
                stages: None,
                embed: false,
                handout: false,
                position: 0,
            },
            Shared {
                input: Input::Scramble("R".into()),
                mode: None,
                view: None,
                solution: None,
                stages: None,
                embed: false,
                handout: false,
                position: 3,
            },
            Shared {
                stages: Some(["F R'".into(), String::new(), "U2 L".into(), "R2".into()]),
                ..scramble("R U' F2")
            },
        ] {
            assert_eq!(decode(&format!("?{}", encode(&shared))), Ok(shared));
        }
    }

    #[test]
    fn ordinary_url_encoding_is_read_too() {
        let expected = scramble("R U' F2");
        assert_eq!(decode("scramble=R+U%27+F2&mode=fast"), Ok(expected.clone()));
        assert_eq!(
            decode("?scramble=R%20U%27%20F2&mode=fast"),
            Ok(expected.clone())
        );
        assert_eq!(
            decode("https://example.org/thistle/?scramble=R_U-_F2&mode=fast#x"),
            Ok(expected)
        );
    }

    #[test]
    fn a_reconstructions_setup_is_the_scramble_and_its_alg_the_links_solution() {
        let alg_cubing = decode("https://alg.cubing.net/?setup=R_U-&alg=F2_D&title=x").unwrap();
        assert_eq!(alg_cubing.input, Input::Scramble("R U'".into()));
        assert_eq!(alg_cubing.solution.as_deref(), Some("F2 D"));
        let twizzle =
            decode("https://alpha.twizzle.net/edit/?puzzle=3x3x3&setup-alg=R+U%27&alg=F2").unwrap();
        assert_eq!(twizzle.input, Input::Scramble("R U'".into()));
        assert_eq!(twizzle.solution.as_deref(), Some("F2"));
        let empty_setup = decode("?setup=&alg=R_U").unwrap();
        assert_eq!(empty_setup.input, Input::Scramble("R U".into()));
        assert_eq!(empty_setup.solution, None);
        let experimental = decode("?experimental-setup-alg=R").unwrap();
        assert_eq!(experimental.input, Input::Scramble("R".into()));
        assert_eq!(
            decode("?alg=R_U").unwrap().input,
            Input::Scramble("R U".into())
        );
    }

    #[test]
    fn bad_links_give_errors() {
        assert_eq!(
            decode("?scramble=R&scramble=U"),
            Err(ShareError::Repeated("scramble".into()))
        );
        assert_eq!(
            decode("?scramble=R&state=U"),
            Err(ShareError::Conflict("scramble".into(), "state".into()))
        );
        assert_eq!(
            decode("?scramble=R&mode=slow"),
            Err(ShareError::BadMode(UnknownMode("slow".into())))
        );
        assert_eq!(
            decode("?scramble=R&move=-1"),
            Err(ShareError::BadPosition("-1".into()))
        );
        assert_eq!(decode("?scramble=R%2"), Err(ShareError::BadEscape(11)));
        assert_eq!(
            decode("?scramble=%FF"),
            Err(ShareError::NotText("scramble".into()))
        );
        assert_eq!(
            decode("?puzzle=2x2x2&alg=R"),
            Err(ShareError::WrongPuzzle("2x2x2".into()))
        );
        assert_eq!(decode("?mode=fast"), Err(ShareError::Empty));
        assert_eq!(
            decode(&"a".repeat(MAX_QUERY_BYTES + 1)),
            Err(ShareError::TooLong)
        );
    }

    /// A stage on the inverse side is exported undone, after the normal
    /// ones, so other tools play the whole solution on the real scramble.
    #[test]
    fn exported_niss_solutions_play_the_whole_solution() {
        let solved = Solved::new(Input::Scramble("R U F2 D' L B".into()), Mode::Fast).unwrap();
        let sides = [Side::Normal, Side::Inverse, Side::Normal, Side::Inverse];
        let niss = niss::NissSolution {
            stages: solved.solution.stages.clone(),
            sides,
            axes: solved.solution.axes,
        };
        // The fast solution's stages, read on these sides, solve another
        // cube: the one whose whole solution they make.
        let cube = CubieCube::solved().apply(&niss::inverted(&niss.moves()));
        let on_sides = Solved::with(
            Input::Facelets(crate::cube::facelet::to_string(&cube)),
            |_| Ok(solved.solution.clone()),
        )
        .unwrap();
        let text = back_solution(&alg_cubing_link(&on_sides, &sides));
        assert!(text.contains("found on the inverse scramble"), "{text}");
        let alg = crate::cube::notation::parse(&text).unwrap();
        assert!(cube.apply(&alg.face_moves()).is_solved(), "{text}");
    }

    fn back_solution(link: &str) -> String {
        decode(link).unwrap().solution.expect("the link's solution")
    }

    #[test]
    fn exported_links_carry_setup_and_commented_stages() {
        let solved = Solved::new(Input::Scramble("R U".into()), Mode::Fast).unwrap();
        let link = alg_cubing_link(&solved, &NORMAL);
        assert!(
            link.starts_with("https://alg.cubing.net/?setup=R_U&alg=//_Orient_edges%0A"),
            "{link}"
        );
        let back = decode(&link).unwrap();
        assert_eq!(
            back.input,
            Input::Scramble("R U".into()),
            "the link loads its scramble back"
        );
        let text = back
            .solution
            .expect("the staged solution comes back as the link's solution");
        let solution = crate::cube::notation::parse(&text).unwrap();
        let replayed = solved.cube.apply(&solution.face_moves());
        assert_eq!(replayed, CubieCube::solved());
        let twizzle_back = decode(&twizzle_link(&solved, &NORMAL)).unwrap();
        assert_eq!(twizzle_back.input, Input::Scramble("R U".into()));
        assert_eq!(twizzle_back.solution, Some(text.clone()));
        let stages = stages_of_commented(&text).expect("our own split reads back");
        let moves: Vec<String> = solved
            .solution
            .stages
            .iter()
            .map(|s| crate::cube::notation::format_moves(&s.moves))
            .collect();
        assert_eq!(stages.map(|s| s.trim().to_string()).to_vec(), moves);
        assert_eq!(stages_of_commented("R U // not staged"), None);
        assert_eq!(
            stages_of_commented("// Orient edges\nR\n// Orient edges\nU"),
            None
        );
        for stage in [
            "// Orient edges",
            "// Orient corners + slice",
            "// Separate pieces",
            "// Half-turn finish",
        ] {
            assert!(text.contains(stage), "{text}");
        }
        assert!(link.contains("//_Half%26%2345%3Bturn_finish"), "{link}");
        let twizzle = twizzle_link(&solved, &NORMAL);
        assert!(
            twizzle.contains("setup-alg=R%20U&alg=//%20Orient%20edges%0A"),
            "{twizzle}"
        );
    }

    #[test]
    fn the_view_is_read_from_our_links_and_twizzles_own_views_ignored() {
        let colours = decode("?scramble=R&view=colours").unwrap();
        assert_eq!(colours.view, Some(ViewMode::Colours));
        assert_eq!(
            decode("?scramble=R&view=stage").unwrap().view,
            Some(ViewMode::Stage)
        );
        assert_eq!(decode("?scramble=R").unwrap().view, None);
        assert_eq!(
            decode("?scramble=R&view=sideways"),
            Err(ShareError::BadView(UnknownView("sideways".into())))
        );
        let twizzle = decode("https://alpha.twizzle.net/edit/?alg=R&view=fullscreen").unwrap();
        assert_eq!(twizzle.view, None);
        let stage = Shared {
            view: Some(ViewMode::Stage),
            ..scramble("R")
        };
        assert_eq!(
            encode(&stage),
            "scramble=R&mode=fast&move=0",
            "the default is not written"
        );
        let colours = Shared {
            view: Some(ViewMode::Colours),
            ..scramble("R")
        };
        assert_eq!(encode(&colours), "scramble=R&mode=fast&move=0&view=colours");
    }

    #[test]
    fn parameters_added_by_other_sites_are_ignored_and_bad_values_still_refused() {
        let expected = Shared {
            position: 1,
            ..scramble("R U")
        };
        for link in [
            "?scramble=R_U&mode=fast&move=1&foo=bar",
            "?fbclid=IwAR0x&scramble=R_U&mode=fast&move=1",
            "?scramble=R_U&utm_source=x&utm_source=y&mode=fast&move=1&%FF=%FF",
            "https://alg.cubing.net/?alg=R_U&title=x&tempo=2&mode=fast&move=1",
        ] {
            assert_eq!(decode(link).as_ref(), Ok(&expected), "{link}");
        }
        assert_eq!(decode("?utm_source=x"), Err(ShareError::Empty));
        assert_eq!(
            decode("?scramble=R&mode=slow&utm_source=x"),
            Err(ShareError::BadMode(UnknownMode("slow".into())))
        );
    }

    #[test]
    fn an_embedded_players_link_says_so_and_other_values_are_refused() {
        let embedded = Shared {
            embed: true,
            ..scramble("R U")
        };
        assert_eq!(encode(&embedded), "scramble=R_U&mode=fast&move=0&embed=1");
        assert_eq!(decode(&encode(&embedded)), Ok(embedded));
        assert_eq!(decode("?scramble=R&mode=fast&embed=0"), Ok(scramble("R")));
        assert_eq!(
            decode("?scramble=R&embed=yes"),
            Err(ShareError::BadSwitch("embed", "yes".into()))
        );
        let handout = Shared {
            handout: true,
            ..scramble("R U")
        };
        assert_eq!(encode(&handout), "scramble=R_U&mode=fast&move=0&handout=1");
        assert_eq!(decode(&encode(&handout)), Ok(handout));
        assert_eq!(
            decode("?scramble=R&handout=2"),
            Err(ShareError::BadSwitch("handout", "2".into()))
        );
    }

    #[test]
    fn the_solution_on_show_travels_stage_by_stage() {
        let shared = Shared {
            stages: Some(["F".into(), "R U".into(), String::new(), "U2".into()]),
            ..scramble("F' U' R' U2")
        };
        assert_eq!(
            encode(&shared),
            "scramble=F-_U-_R-_U2&mode=fast&move=0&solution=F~R_U~~U2"
        );
        assert_eq!(
            decode("?scramble=R&solution=R-~~"),
            Err(ShareError::BadStages(3))
        );
        assert_eq!(
            decode("?setup=R&alg=R-&solution=R-~~~"),
            Err(ShareError::Conflict("solution".into(), "alg".into()))
        );
    }

    #[test]
    fn links_are_recognised_when_pasted() {
        assert!(looks_like_link("https://alg.cubing.net/?alg=R"));
        assert!(looks_like_link("?scramble=R"));
        assert!(!looks_like_link("R U R' U'"));
        assert!(looks_like_link("  https://alpha.twizzle.net/edit/?alg=R "));
        assert!(!looks_like_link("R U F https://alg.cubing.net/?setup=D"));
    }
}
