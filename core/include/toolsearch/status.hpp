// Errors as values: nothing throws out of the public toolsearch API.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace toolsearch {

/// Stable error codes. Their string forms (see to_string) are what JS sees as `error.code`.
enum class ErrorCode {
  Ok,
  InvalidArgument,  ///< wrong type or missing field in a request
  InvalidTool,      ///< a tool definition is malformed (empty name, bad source, ...)
  InvalidSchema,    ///< an input schema is not a JSON object schema
  InvalidConfig,    ///< a config value is out of range or a key is unknown
  InvalidJson,      ///< text that should be JSON does not parse
  DuplicateName,    ///< a name collides with one already in the catalog (or in the batch)
  ReservedName,     ///< a tool tried to take a bridge name
  NotFound,         ///< an unknown tool, session or server
  TooLarge,         ///< input beyond a documented size limit
  InvalidSnapshot,  ///< snapshot bytes that are truncated, corrupted or of another format version
  Internal,         ///< a bug: should never be seen
};

/// "OK", "INVALID_ARGUMENT", ... (upper snake case, stable across versions).
const char* to_string(ErrorCode code);

/// A code plus a human-readable message. Default-constructed Status is OK.
struct Status {
  ErrorCode code = ErrorCode::Ok;
  std::string message;

  bool ok() const { return code == ErrorCode::Ok; }
  static Status success() { return {}; }
  static Status error(ErrorCode c, std::string msg) { return Status{c, std::move(msg)}; }
};

/// A value or an error Status.
template <class T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Status status) : status_(std::move(status)) {}  // NOLINT: implicit by design

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }
  const T& value() const& { return *value_; }
  T& value() & { return *value_; }
  T&& value() && { return std::move(*value_); }
  const T* operator->() const { return &*value_; }
  T* operator->() { return &*value_; }

 private:
  std::optional<T> value_;
  Status status_;
};

}  // namespace toolsearch
