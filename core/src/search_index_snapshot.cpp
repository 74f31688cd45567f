// The index in snapshots (docs/snapshot-format.md): its built tables written and read back.
// Compiled for speed in the wasm build: loading a snapshot is mostly this file copying arrays.
#include "search_index_data.hpp"

#include <algorithm>
#include <cmath>

namespace toolsearch {
namespace {

bool all_finite(const std::vector<double>& values) {
  double sum = 0;  // NaN or infinity anywhere makes the sum non-finite (0 * inf is NaN)
  for (double v : values) sum += v * 0;
  return sum == 0;
}

}  // namespace

void SearchIndex::write(ByteWriter& out) const {
  const Impl& m = *impl_;
  out.u32(static_cast<uint32_t>(m.doc_count));
  for (double avg : m.avg_len) out.f64(avg);
  m.terms.write(out);
  out.array(m.idf);
  out.array(m.max_score);
  out.array(m.post_begin);
  out.array(m.post_doc);
  out.array(m.post_score);
  out.array(m.post_tf);
  out.array(m.field_len);
  for (size_t c = 0; c < 26; ++c) {
    out.array(m.typo_terms[c]);
    out.array(m.typo_letters[c]);
    out.u32(static_cast<uint32_t>(m.typo_start[c].size()));
    for (size_t start : m.typo_start[c]) out.u32(static_cast<uint32_t>(start));
  }
  m.names.write(out);
}

std::shared_ptr<const SearchIndex> SearchIndex::read(ByteReader& in, const Bm25Params& params, size_t tools) {
  auto m = std::make_unique<Impl>();
  m->set_params(params);
  m->doc_count = in.u32();
  for (double& avg : m->avg_len) avg = in.f64();
  m->terms.read(in);
  in.array(m->idf);
  in.array(m->max_score);
  in.array(m->post_begin);
  in.array(m->post_doc);
  in.array(m->post_score);
  in.array(m->post_tf);
  in.array(m->field_len);
  for (size_t c = 0; c < 26; ++c) {
    in.array(m->typo_terms[c]);
    in.array(m->typo_letters[c]);
    m->typo_start[c].resize(in.count(sizeof(uint32_t)));
    for (size_t& start : m->typo_start[c]) start = in.u32();
  }
  if (!in.ok()) return nullptr;
  // Only what could send a read out of bounds is checked; the checksum stands for the rest.
  const size_t terms = m->terms.size();
  const size_t postings = m->post_doc.size();
  if (m->doc_count != tools || m->field_len.size() != tools || m->idf.size() != terms ||
      m->max_score.size() != terms || m->post_begin.size() != terms + 1 || m->post_score.size() != postings ||
      m->post_tf.size() != postings || m->post_begin[0] != 0 || m->post_begin[terms] != postings) {
    in.fail("the keyword index's tables do not agree in size");
    return nullptr;
  }
  for (size_t t = 0; t < terms; ++t) {
    if (m->post_begin[t] > m->post_begin[t + 1]) return in.fail("the postings are out of order"), nullptr;
  }
  for (uint32_t doc : m->post_doc) {
    if (doc >= tools) return in.fail("a posting names no tool"), nullptr;
  }
  // Scores are sorted and heaped: a NaN would break the comparisons' ordering.
  for (const std::vector<double>* values : {&m->idf, &m->max_score, &m->post_score}) {
    if (!all_finite(*values)) return in.fail("a score is not a finite number"), nullptr;
  }
  if (!std::all_of(m->avg_len.begin(), m->avg_len.end(), [](double v) { return std::isfinite(v); })) {
    return in.fail("a field length is not a finite number"), nullptr;
  }
  for (size_t c = 0; c < 26; ++c) {
    // near_terms() reads starts[min(length, size - 1)] and letters beside each candidate.
    if (m->typo_start[c].empty() || m->typo_letters[c].size() != m->typo_terms[c].size()) {
      return in.fail("a typo table is not well formed"), nullptr;
    }
    for (uint32_t t : m->typo_terms[c]) {
      if (t >= terms) return in.fail("a typo candidate is not a term"), nullptr;
    }
  }
  m->names.read(in, tools);
  if (!in.ok()) return nullptr;
  m->build_lexicon();  // from the options and the terms just read (not stored)
  return std::shared_ptr<const SearchIndex>(new SearchIndex(std::move(m)));
}

}  // namespace toolsearch
