// Stage "stem": the Snowball English stemmer (Porter2), a drop-in toolsearch::Stemmer.
#pragma once

#include <string>
#include <string_view>

namespace toolsearch {

/// The Snowball English ("Porter2") stemmer, as published with Snowball 2.x: special-case
/// words, the exceptional forms after step 1a, Y marking, the regions R1/R2 (with the gener-,
/// commun-, arsen- prefixes) and steps 0, 1a, 1b, 1c, 2, 3, 4 and 5. Snowball 3 revised the
/// algorithm (more R1 prefixes such as "past" and "organ"); that revision is not followed, so
/// stems match the widely deployed 2.x output.
///
/// `folded_token` is one already case-folded token. Returned unchanged:
/// - tokens of 2 bytes or fewer (as the algorithm says);
/// - tokens with any byte outside `a-z`, `0-9` and `'`: non-ASCII words are not English, and an
///   uppercase `Y` would be confused with the algorithm's own consonant-y marker.
///
/// Deterministic, and the result is never longer than the input. Not idempotent, so stem a
/// word once: "databases" -> "databas", but "databas" -> "databa".
std::string english_stem(std::string_view folded_token);

}  // namespace toolsearch
