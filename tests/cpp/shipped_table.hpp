// The distilled static table the package ships (js/assets/static-embeddings.tsse), for the tests
// that need a real one.
#pragma once

#include <fstream>
#include <iterator>
#include <string>

namespace toolsearch::test {

/// The table's bytes, or empty when the checkout lacks it (such tests warn and skip).
inline std::string shipped_static_table() {
  std::ifstream in(std::string(TOOLSEARCH_SOURCE_DIR) + "/js/assets/static-embeddings.tsse", std::ios::binary);
  return in ? std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()) : std::string();
}

}  // namespace toolsearch::test
