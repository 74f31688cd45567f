#include "toolsearch/config.hpp"
#include "toolsearch/json_codec.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

using namespace toolsearch;
using nlohmann::json;

namespace {

Result<GateConfig> parse(const char* text) { return gate_config_from_json(json::parse(text)); }

// The parse fails with InvalidConfig and its message contains every `needle`.
void require_invalid(const Result<GateConfig>& r, std::initializer_list<const char*> needles) {
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().code == ErrorCode::InvalidConfig);
  for (const char* needle : needles) {
    INFO("message: " << r.status().message);
    CHECK(r.status().message.find(needle) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("an empty object gives the documented defaults", "[config]") {
  Result<GateConfig> r = parse("{}");
  REQUIRE(r.ok());
  const GateConfig& c = r.value();
  CHECK(c.enabled == GateMode::Auto);
  CHECK(c.threshold_pct == 10.0);
  CHECK(c.min_tokens == 0);
  CHECK(c.max_tokens == 20000);
  CHECK(c.threshold_tools == 40);
  CHECK(c.search_default_limit == 5);
  CHECK(c.max_search_limit == 20);
  CHECK(c.inline_max_count == 0);
  CHECK(c.inline_max_tokens == 0);
  CHECK(c.lazy_activation);
  CHECK(c.activation == ActivationPolicy::Stable);
  CHECK(c.listing_max_tokens == 2000);
  CHECK(c.preselect_top_k == 8);
  CHECK(c.inline_schema_max_tokens == 300);
}

TEST_CASE("to_string(GateMode)", "[config]") {
  CHECK(std::string(to_string(GateMode::Off)) == "off");
  CHECK(std::string(to_string(GateMode::Auto)) == "auto");
  CHECK(std::string(to_string(GateMode::On)) == "on");
}

TEST_CASE("enabled accepts off, auto, on, true (auto) and false (off)", "[config]") {
  CHECK(parse(R"({"enabled":"off"})")->enabled == GateMode::Off);
  CHECK(parse(R"({"enabled":"auto"})")->enabled == GateMode::Auto);
  CHECK(parse(R"({"enabled":"on"})")->enabled == GateMode::On);
  CHECK(parse(R"({"enabled":true})")->enabled == GateMode::Auto);
  CHECK(parse(R"({"enabled":false})")->enabled == GateMode::Off);
  require_invalid(parse(R"({"enabled":"ON"})"), {"enabled", "\"ON\""});
  require_invalid(parse(R"({"enabled":"yes"})"), {"enabled"});
  require_invalid(parse(R"({"enabled":1})"), {"enabled", "number"});
  require_invalid(parse(R"({"enabled":null})"), {"enabled", "null"});
}

TEST_CASE("the legacy shorthand: a bare boolean or mode string", "[config]") {
  CHECK(parse("true")->enabled == GateMode::Auto);
  CHECK(parse("false")->enabled == GateMode::Off);
  CHECK(parse(R"("on")")->enabled == GateMode::On);
  SECTION("the shorthand keeps the other fields of the base") {
    GateConfig base;
    base.max_tokens = 1234;
    Result<GateConfig> r = gate_config_from_json(json(false), base);
    REQUIRE(r.ok());
    CHECK(r->enabled == GateMode::Off);
    CHECK(r->max_tokens == 1234);
  }
  require_invalid(parse("5"), {"config", "number"});
  require_invalid(parse("[]"), {"config", "array"});
  require_invalid(parse("null"), {"config", "null"});
}

TEST_CASE("threshold_pct at its edges", "[config]") {
  CHECK(parse(R"({"threshold_pct":0})")->threshold_pct == 0.0);
  CHECK(parse(R"({"threshold_pct":100})")->threshold_pct == 100.0);
  CHECK(parse(R"({"threshold_pct":7.5})")->threshold_pct == 7.5);
  require_invalid(parse(R"({"threshold_pct":100.0001})"), {"thresholdPct", "0..100"});
  require_invalid(parse(R"({"threshold_pct":-0.0001})"), {"thresholdPct"});
  require_invalid(parse(R"({"threshold_pct":"10"})"), {"thresholdPct", "string"});
  require_invalid(parse(R"({"threshold_pct":true})"), {"thresholdPct", "boolean"});
}

TEST_CASE("token bounds: min_tokens and max_tokens", "[config]") {
  CHECK(parse(R"({"min_tokens":0})")->min_tokens == 0);
  CHECK(parse(R"({"max_tokens":0,"min_tokens":0})")->max_tokens == 0);
  CHECK(parse(R"({"max_tokens":1000000000})")->max_tokens == 1000000000);
  require_invalid(parse(R"({"max_tokens":1000000001})"), {"maxTokens", "out of range"});
  require_invalid(parse(R"({"min_tokens":-1})"), {"minTokens", "out of range"});
  require_invalid(parse(R"({"min_tokens":1.5})"), {"minTokens", "integer"});
  CHECK(parse(R"({"min_tokens":2.0})")->min_tokens == 2);  // JSON has one number type
  SECTION("min_tokens may equal max_tokens but not exceed it") {
    CHECK(parse(R"({"min_tokens":500,"max_tokens":500})").ok());
    require_invalid(parse(R"({"min_tokens":501,"max_tokens":500})"), {"minTokens", "maxTokens"});
    // Against the base default max_tokens 20000.
    require_invalid(parse(R"({"min_tokens":20001})"), {"minTokens", "maxTokens"});
  }
}

TEST_CASE("search limits: max_search_limit 1..50, search_default_limit 1..max", "[config]") {
  CHECK(parse(R"({"max_search_limit":50})")->max_search_limit == 50);
  CHECK(parse(R"({"max_search_limit":1,"search_default_limit":1})")->max_search_limit == 1);
  require_invalid(parse(R"({"max_search_limit":0})"), {"maxSearchLimit", "1..50"});
  require_invalid(parse(R"({"max_search_limit":51})"), {"maxSearchLimit", "1..50"});
  CHECK(parse(R"({"search_default_limit":1})")->search_default_limit == 1);
  CHECK(parse(R"({"search_default_limit":20})")->search_default_limit == 20);  // == default max
  require_invalid(parse(R"({"search_default_limit":0})"), {"searchDefaultLimit"});
  require_invalid(parse(R"({"search_default_limit":21})"), {"searchDefaultLimit", "maxSearchLimit"});
  // Lowering the max below the default limit (5) is caught too, naming both keys.
  require_invalid(parse(R"({"max_search_limit":4})"), {"searchDefaultLimit", "maxSearchLimit"});
  require_invalid(parse(R"({"max_search_limit":"20"})"), {"maxSearchLimit", "string"});
}

TEST_CASE("preselect_top_k 1..50", "[config]") {
  CHECK(parse(R"({"preselect_top_k":1})")->preselect_top_k == 1);
  CHECK(parse(R"({"preselect_top_k":50})")->preselect_top_k == 50);
  require_invalid(parse(R"({"preselect_top_k":0})"), {"preselectTopK", "1..50"});
  require_invalid(parse(R"({"preselect_top_k":51})"), {"preselectTopK", "1..50"});
}

TEST_CASE("inline partition, listing and inline-schema budgets accept zero", "[config]") {
  Result<GateConfig> r = parse(
      R"({"inline_max_count":0,"inline_max_tokens":0,"listing_max_tokens":0,"inline_schema_max_tokens":0})");
  REQUIRE(r.ok());
  CHECK(parse(R"({"inline_max_count":40,"inline_max_tokens":5000})")->inline_max_count == 40);
  require_invalid(parse(R"({"inline_max_count":-1})"), {"inlineMaxCount"});
  require_invalid(parse(R"({"listing_max_tokens":[]})"), {"listingMaxTokens", "array"});
  require_invalid(parse(R"({"inline_schema_max_tokens":{}})"), {"inlineSchemaMaxTokens", "object"});
}

TEST_CASE("activation and lazy_activation", "[config]") {
  CHECK(parse(R"({"activation":"promote"})")->activation == ActivationPolicy::Promote);
  CHECK(parse(R"({"activation":"stable"})")->activation == ActivationPolicy::Stable);
  require_invalid(parse(R"({"activation":"Promote"})"), {"activation", "\"stable\" or \"promote\""});
  require_invalid(parse(R"({"activation":true})"), {"activation"});
  CHECK_FALSE(parse(R"({"lazy_activation":false})")->lazy_activation);
  require_invalid(parse(R"({"lazy_activation":"no"})"), {"lazyActivation", "boolean"});
}

TEST_CASE("unknown keys name the key and suggest the closest known one", "[config]") {
  require_invalid(parse(R"({"treshold_pct":5})"), {"\"treshold_pct\"", "Did you mean \"thresholdPct\""});
  require_invalid(parse(R"({"enable":"on"})"), {"\"enable\"", "Did you mean \"enabled\""});
  require_invalid(parse(R"({"max_search":10})"), {"Did you mean \"maxSearchLimit\""});
  require_invalid(parse(R"({"tresholdPct":5})"), {"Did you mean \"thresholdPct\""});
  SECTION("camelCase is the canonical spelling; the seeds' snake_case reads the same") {
    CHECK(parse(R"({"thresholdPct":5})")->threshold_pct == 5.0);
    CHECK(parse(R"({"threshold_pct":5})")->threshold_pct == 5.0);
    CHECK(gate_config_to_json(GateConfig{}).contains("thresholdPct"));
  }
  SECTION("a typo wins over a bad value elsewhere (unknown keys are checked first)") {
    require_invalid(parse(R"({"enabled":"bogus","zz_top_k":1})"), {"\"zz_top_k\""});
  }
}

TEST_CASE("parsing applies over a base and leaves unspecified fields alone", "[config]") {
  GateConfig base;
  base.max_tokens = 777;
  base.activation = ActivationPolicy::Promote;
  Result<GateConfig> r = gate_config_from_json(json::parse(R"({"threshold_pct":3})"), base);
  REQUIRE(r.ok());
  CHECK(r->threshold_pct == 3.0);
  CHECK(r->max_tokens == 777);
  CHECK(r->activation == ActivationPolicy::Promote);
}

TEST_CASE("to_json round-trips every field", "[config]") {
  GateConfig c;
  c.enabled = GateMode::On;
  c.threshold_pct = 12.5;
  c.min_tokens = 100;
  c.max_tokens = 9000;
  c.search_default_limit = 7;
  c.max_search_limit = 30;
  c.inline_max_count = 40;
  c.inline_max_tokens = 5000;
  c.lazy_activation = false;
  c.activation = ActivationPolicy::Promote;
  c.listing_max_tokens = 123;
  c.preselect_top_k = 11;
  c.inline_schema_max_tokens = 0;
  c.threshold_tools = 25;
  json j = gate_config_to_json(c);
  CHECK(j.size() == 14);
  CHECK(j["thresholdTools"] == 25);
  CHECK(j["enabled"] == "on");
  CHECK(j["activation"] == "promote");
  Result<GateConfig> back = gate_config_from_json(j);
  REQUIRE(back.ok());
  CHECK(gate_config_to_json(back.value()).dump() == j.dump());
  CHECK(back->threshold_pct == 12.5);
  CHECK(back->threshold_tools == 25);
  CHECK(back->inline_max_tokens == 5000);
  CHECK_FALSE(back->lazy_activation);
  SECTION("defaults round-trip too, from the default base or any other") {
    GateConfig other = c;
    Result<GateConfig> defaults = gate_config_from_json(gate_config_to_json(GateConfig{}), other);
    REQUIRE(defaults.ok());
    CHECK(gate_config_to_json(defaults.value()).dump() == gate_config_to_json(GateConfig{}).dump());
  }
}

TEST_CASE("validate catches configs built in code", "[config]") {
  CHECK(validate(GateConfig{}).ok());
  GateConfig nan_pct;
  nan_pct.threshold_pct = std::numeric_limits<double>::quiet_NaN();
  CHECK(validate(nan_pct).code == ErrorCode::InvalidConfig);
  GateConfig zero_limit;
  zero_limit.search_default_limit = 0;
  CHECK(validate(zero_limit).message.find("searchDefaultLimit") != std::string::npos);
  GateConfig inverted;
  inverted.min_tokens = 10;
  inverted.max_tokens = 9;
  CHECK(validate(inverted).code == ErrorCode::InvalidConfig);
}
