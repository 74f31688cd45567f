#include "toolsearch/status.hpp"

namespace toolsearch {

const char* to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::Ok: return "OK";
    case ErrorCode::InvalidArgument: return "INVALID_ARGUMENT";
    case ErrorCode::InvalidTool: return "INVALID_TOOL";
    case ErrorCode::InvalidSchema: return "INVALID_SCHEMA";
    case ErrorCode::InvalidConfig: return "INVALID_CONFIG";
    case ErrorCode::InvalidJson: return "INVALID_JSON";
    case ErrorCode::DuplicateName: return "DUPLICATE_NAME";
    case ErrorCode::ReservedName: return "RESERVED_NAME";
    case ErrorCode::NotFound: return "NOT_FOUND";
    case ErrorCode::TooLarge: return "TOO_LARGE";
    case ErrorCode::InvalidSnapshot: return "INVALID_SNAPSHOT";
    case ErrorCode::Internal: return "INTERNAL";
  }
  return "INTERNAL";
}

}  // namespace toolsearch
