// Per-thread working memory for hot paths: buffers that keep their capacity from one call to
// the next, so a warm search allocates nothing.
#pragma once

#include <memory>

namespace toolsearch {

/// Lends this thread's T for the lease's lifetime. A nested lease on the same thread (code that
/// re-enters, such as a filter or stemmer that searches) gets a fresh T of its own instead.
/// What the T holds between leases is the borrower's business (clear what you use).
template <class T>
class ScratchLease {
 public:
  ScratchLease() : slot_(slot()), own_(slot_.busy ? std::make_unique<T>() : nullptr) {
    if (!own_) slot_.busy = true;
  }
  ~ScratchLease() {
    if (!own_) slot_.busy = false;
  }
  ScratchLease(const ScratchLease&) = delete;
  ScratchLease& operator=(const ScratchLease&) = delete;

  T& get() { return own_ ? *own_ : slot_.value; }
  T* operator->() { return &get(); }

 private:
  struct Slot {
    T value;
    bool busy = false;
  };
  static Slot& slot() {
    thread_local Slot s;
    return s;
  }
  Slot& slot_;
  std::unique_ptr<T> own_;
};

}  // namespace toolsearch
