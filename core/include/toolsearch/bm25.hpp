// BM25F scoring as pure functions: what the index precomputes per posting and what explain()
// recomputes term by term, so the two can never disagree.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace toolsearch::bm25 {

/// The indexed fields, in the order of FieldWeights.
enum Field : size_t { kName = 0, kServer = 1, kDescription = 2, kParamNames = 3, kParamDescriptions = 4 };
constexpr size_t kFieldCount = 5;
constexpr const char* kFieldNames[kFieldCount] = {"name", "server", "description", "param_names",
                                                  "param_descriptions"};

/// Term frequency per field, saturated at 255 (search and explain read the same values, so a
/// pathological repetition costs precision, never consistency).
using FieldTf = std::array<uint8_t, kFieldCount>;
using FieldValues = std::array<double, kFieldCount>;

/// Robertson-Sparck Jones idf, floored at log(1 + 0.5 / (n + 0.5)) > 0: a term in most
/// documents still counts a little, never against.
inline double idf(double documents, double document_frequency) {
  return std::log(1.0 + (documents - document_frequency + 0.5) / (document_frequency + 0.5));
}

/// 1 - b + b * len / avg_len (1 when the field is empty everywhere).
inline double length_norm(double b, double length, double average_length) {
  return average_length > 0 ? 1.0 - b + b * length / average_length : 1.0;
}

/// BM25F: weighted, length-normalised frequencies are summed across fields and saturated
/// once: idf * t (k1 + 1) / (t + k1), t = sum_f w_f tf_f / norm_f. `shares`, when given,
/// receives each field's part of the result (they sum to it).
inline double term_score(const FieldTf& tf, const FieldValues& weights, const FieldValues& norms, double k1,
                         double term_idf, FieldValues* shares = nullptr) {
  FieldValues part{};
  double pseudo = 0;
  for (size_t f = 0; f < kFieldCount; ++f) {
    if (tf[f] == 0 || weights[f] == 0) continue;
    part[f] = weights[f] * tf[f] / norms[f];
    pseudo += part[f];
  }
  double total = 0;
  if (pseudo > 0) {
    total = term_idf * pseudo * (k1 + 1) / (pseudo + k1);
    for (double& p : part) p = total * p / pseudo;
  }
  if (shares) *shares = part;
  return total;
}

}  // namespace toolsearch::bm25
