#include "toolsearch/snapshot.hpp"

#include "toolsearch/byte_io.hpp"
#include "toolsearch/text_column.hpp"
#include "toolsearch/json_codec.hpp"
#include "toolsearch/tool_name.hpp"
#include "toolsearch/xxh64.hpp"

#include <array>
#include <cstring>

namespace toolsearch {
namespace {

// Header: magic, version u32, flags u32, payload length u64, XXH64 of the payload u64.
constexpr char kMagic[8] = {'T', 'O', 'O', 'L', 'S', 'N', 'A', 'P'};
constexpr size_t kHeaderBytes = 32;

constexpr uint32_t kOptionsSection = section_tag("OPTS");
constexpr uint32_t kToolsSection = section_tag("TOOL");
constexpr uint32_t kIndexSection = section_tag("INDX");
constexpr uint32_t kVectorsSection = section_tag("VECS");

// Tool record flags.
constexpr uint8_t kCoreClass = 1;
constexpr uint8_t kPinned = 2;

Status invalid(const std::string& why) { return Status::error(ErrorCode::InvalidSnapshot, "invalid snapshot: " + why); }

// The options as configure() reports them, read back over the defaults; only text that encodes
// back to itself is accepted, so an accepted snapshot always writes the same bytes again.
Result<EngineOptions> decode_options(std::string_view text, const ToolLimits& limits) {
  auto parsed = parse_json(text);
  if (!parsed.ok()) return parsed.status();
  EngineOptions base;
  base.catalog.limits = limits;
  auto options = engine_options_from_json(parsed.value(), base);
  if (!options.ok()) return options.status();
  std::string again;
  append_engine_options_json(again, options.value());
  if (again != text) return Status::error(ErrorCode::InvalidConfig, "the options are not in their canonical form");
  return options;
}

// The catalog, column by column: each column is one buffer to copy when loading, and the
// schemas' column stays one buffer that every loaded tool's LazyJson points into.
// The names are the catalog's name dictionary, written first.
enum ToolColumn { kOriginalNames, kSources, kTitles, kDescriptions, kSchemas, kAnnotations, kTags, kColumns };

void write_tools(ByteWriter& out, const Engine& engine) {
  const Catalog& catalog = engine.catalog();
  const std::vector<Tool>& tools = catalog.tools();
  TextColumn columns[kColumns];
  std::vector<uint8_t> flags;
  std::vector<uint32_t> tag_counts, tokens;
  for (size_t i = 0; i < tools.size(); ++i) {
    const Tool& t = tools[i];
    columns[kOriginalNames].push_back(t.original_name == t.name ? std::string_view() : std::string_view(t.original_name));
    columns[kSources].push_back(t.source);
    columns[kTitles].push_back(t.title);
    columns[kDescriptions].push_back(t.description);
    columns[kSchemas].push_back(t.input_schema.text());
    columns[kAnnotations].push_back(t.annotations.text());
    for (const std::string& tag : t.tags) columns[kTags].push_back(tag);
    flags.push_back(static_cast<uint8_t>((t.tool_class == ToolClass::Core ? kCoreClass : 0) | (t.pinned ? kPinned : 0)));
    tag_counts.push_back(static_cast<uint32_t>(t.tags.size()));
    tokens.push_back(static_cast<uint32_t>(engine.tool_tokens(i)));
  }
  catalog.names().write(out);
  for (const TextColumn& column : columns) column.write(out);
  out.array(flags);
  out.array(tag_counts);
  out.array(tokens);
  out.u32(static_cast<uint32_t>(catalog.pinned_servers().size()));
  for (const std::string& server : catalog.pinned_servers()) out.str(server);
  out.str(catalog.fingerprint());
}

void read_tools(ByteReader& in, const ToolLimits& limits, EngineImage& image) {
  auto texts = std::make_shared<std::array<TextColumn, kColumns>>();
  const std::shared_ptr<const void> owner = texts;  // what every tool's schema text points into
  std::array<TextColumn, kColumns>& columns = *texts;
  image.names.read(in);
  for (TextColumn& column : columns) column.read(in);
  std::vector<uint8_t> flags;
  std::vector<uint32_t> tag_counts, tokens;
  in.array(flags);
  in.array(tag_counts);
  in.array(tokens);
  const size_t n = image.names.size();
  for (size_t c = 0; c < kTags; ++c) {
    if (columns[c].size() != n) in.fail("the catalog's columns do not agree in length");
  }
  if (flags.size() != n || tag_counts.size() != n || tokens.size() != n) in.fail("the catalog's columns do not agree in length");
  if (!in.ok()) return;
  image.tools.resize(n);
  image.tokens.assign(tokens.begin(), tokens.end());
  size_t tag = 0;
  std::string last_source;
  for (size_t i = 0; i < n; ++i) {
    Tool& t = image.tools[i];
    // Constructed, not assigned: assigning to an empty string takes libc++'s slow growing path.
    t.name = std::string(image.names[static_cast<uint32_t>(i)]);
    const std::string_view original = columns[kOriginalNames][i];
    t.original_name = original.empty() ? t.name : std::string(original);
    t.source = std::string(columns[kSources][i]);
    t.tool_class = (flags[i] & kCoreClass) ? ToolClass::Core : ToolClass::Deferrable;
    t.pinned = (flags[i] & kPinned) != 0;
    t.title = std::string(columns[kTitles][i]);
    t.description = std::string(columns[kDescriptions][i]);
    t.input_schema.share(owner, columns[kSchemas][i]);  // a view: the column is one buffer
    if (columns[kAnnotations][i] != "{}") t.annotations.share(owner, columns[kAnnotations][i]);  // else the default
    if (tag_counts[i] > columns[kTags].size() - tag) return static_cast<void>(in.fail("the tags do not add up"));
    for (const size_t end = tag + tag_counts[i]; tag < end; ++tag) t.tags.emplace_back(columns[kTags][tag]);
    // What the catalog guarantees of every tool and other code relies on: names in the
    // alphabet and never a bridge name, known sources, core-source tools in the core class.
    Status s = t.name.size() > limits.max_name_bytes || original == t.name  // "" stands for the same name
                   ? Status::error(ErrorCode::InvalidTool, "its name is too long, or stored twice")
                   : Status::success();
    for (const std::string* name : {&t.name, &t.original_name}) {
      if (s.ok() && !is_plain_tool_name(*name)) s = check_tool_name(*name);
    }
    if (!s.ok()) return static_cast<void>(in.fail("tool " + std::to_string(i) + ": " + s.message));
    if (t.source != last_source) {  // catalogs have few sources, in runs
      if (!is_valid_source(t.source)) return static_cast<void>(in.fail("tool '" + t.name + "' has an unknown source"));
      last_source = t.source;
    }
    const std::string_view schema = columns[kSchemas][i];
    if (flags[i] > (kCoreClass | kPinned) || (t.source == "core" && t.tool_class != ToolClass::Core) ||
        t.description.size() > limits.max_description_bytes || schema.size() > limits.max_schema_bytes) {
      return static_cast<void>(in.fail("tool '" + t.name + "' is not a valid tool"));
    }
  }
  if (tag != columns[kTags].size()) return static_cast<void>(in.fail("the tags do not add up"));
  std::vector<std::string> servers;
  in.strs(servers);
  for (size_t i = 0; i < servers.size(); ++i) {
    // Ascending and distinct, as the set writes them: the bytes then read back the same.
    if (servers[i].empty() || (i > 0 && !(servers[i - 1] < servers[i]))) {
      return static_cast<void>(in.fail("the pinned servers are not a sorted set"));
    }
    image.pinned_servers.insert(image.pinned_servers.end(), std::move(servers[i]));
  }
  image.fingerprint = in.str();
  if (image.fingerprint.size() != 16 ||
      image.fingerprint.find_first_not_of("0123456789abcdef") != std::string::npos) {
    in.fail("the catalog fingerprint is not 16 hex digits");
  }
}

}  // namespace

Result<std::string> write_snapshot(const Engine& engine) {
  std::string out(kHeaderBytes, '\0');
  ByteWriter w(out);

  std::string options;
  append_engine_options_json(options, engine.options());
  auto readable = decode_options(options, engine.options().catalog.limits);
  if (!readable.ok() || !same_index_params(readable->bm25, engine.options().bm25)) {
    return Status::error(ErrorCode::InvalidConfig,
                         "the engine's options cannot be written to a snapshot (C++-only analyzer settings such as "
                         "a custom stemmer, or lexicon entries removed): configure it with options alone");
  }
  size_t section = w.begin_section(kOptionsSection);
  w.str(options);
  w.end_section(section);

  section = w.begin_section(kToolsSection);
  write_tools(w, engine);
  w.end_section(section);

  section = w.begin_section(kIndexSection);
  engine.index()->write(w);
  w.end_section(section);

  section = w.begin_section(kVectorsSection);
  engine.vectors().write(w);
  w.end_section(section);

  const uint64_t payload = out.size() - kHeaderBytes;
  const uint64_t checksum = xxh64(std::string_view(out).substr(kHeaderBytes));
  std::memcpy(&out[0], kMagic, sizeof kMagic);
  std::memcpy(&out[8], &kSnapshotVersion, sizeof kSnapshotVersion);  // flags at 12 stay 0
  std::memcpy(&out[16], &payload, sizeof payload);
  std::memcpy(&out[24], &checksum, sizeof checksum);
  return out;
}

Result<EngineImage> read_snapshot(std::string_view bytes, const ToolLimits& limits) {
  if (bytes.size() > kMaxSnapshotBytes) {
    return Status::error(ErrorCode::TooLarge, "the snapshot is " + std::to_string(bytes.size()) +
                                                  " bytes; the limit is " + std::to_string(kMaxSnapshotBytes));
  }
  if (bytes.size() < kHeaderBytes || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
    return invalid(bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0
                       ? "these bytes are not a tool-search snapshot (no TOOLSNAP magic)"
                       : "it ends inside its header (" + std::to_string(bytes.size()) + " bytes)");
  }
  ByteReader header(bytes.substr(sizeof kMagic, kHeaderBytes - sizeof kMagic));
  const uint32_t version = header.u32();
  const uint32_t flags = header.u32();
  const uint64_t length = header.u64();
  const uint64_t checksum = header.u64();
  if (version != kSnapshotVersion) {
    return invalid("format version " + std::to_string(version) + " is not supported (this engine reads version " +
                   std::to_string(kSnapshotVersion) + "); write the snapshot again with this version");
  }
  if (flags != 0) return invalid("unknown header flags " + std::to_string(flags));
  const std::string_view payload = bytes.substr(kHeaderBytes);
  if (length != payload.size()) {
    return invalid(length > payload.size() ? "it is truncated (" + std::to_string(payload.size()) + " of " +
                                                 std::to_string(length) + " payload bytes)"
                                           : std::to_string(payload.size() - length) + " bytes follow its end");
  }
  if (xxh64(payload) != checksum) return invalid("its checksum does not match: the bytes are corrupted");

  EngineImage image;
  ByteReader in(payload);
  in.begin_section(kOptionsSection);
  const std::string_view options_text = in.str_view();
  in.end_section();
  if (!in.ok()) return invalid(in.error());
  auto options = decode_options(options_text, limits);
  if (!options.ok()) return invalid("its options: " + options.status().message);
  image.options = std::move(options).value();

  in.begin_section(kToolsSection);
  read_tools(in, limits, image);
  in.end_section();

  in.begin_section(kIndexSection);
  if (in.ok()) image.index = SearchIndex::read(in, image.options.bm25, image.tools.size());
  in.end_section();

  in.begin_section(kVectorsSection);
  image.vectors.read(in);
  in.end_section();
  if (in.ok() && in.remaining() != 0) in.fail("unknown data follows the last section");
  if (!in.ok()) return invalid(in.error());
  return image;
}

}  // namespace toolsearch
