// Writes core/src/lexicon_analysis_data.inc: the built-in lexicon as the default analyzer sees
// it, which the engine reads instead of analysing the lexicon's words on a module's first index
// build. Run after changing the lexicon or the analyzer (a test says when):
//
//   build/native/tools/gen_lexicon_analysis core/src/lexicon_analysis_data.inc
#include "toolsearch/lexicon.hpp"

#include <cstdio>
#include <fstream>

int main(int argc, char** argv) {
  const std::string source = toolsearch::built_in_lexicon_analysis_source();
  if (argc < 2) {
    std::fwrite(source.data(), 1, source.size(), stdout);
    return 0;
  }
  std::ofstream out(argv[1], std::ios::binary);
  out << source;
  return out ? 0 : 1;
}
