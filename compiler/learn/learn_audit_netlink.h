// The parts of the audit way (learn_audit.h) that talk to the kernel: the
// audit netlink socket (AUDIT_GET, AUDIT_SET, a user message), learn's own
// capabilities, and the file where the learns sharing audit's switch count
// themselves (kAuditUsersFile). For learn_audit.cpp (is the way available)
// and learn_audit_run.cpp (the run).
#pragma once
#include <cstddef>
#include <cstdint>
#include <linux/audit.h>
#include <string>

namespace llp {

inline constexpr int kLandlockAccess = 1423;        // AUDIT_LANDLOCK_ACCESS (Linux 6.15)
inline constexpr int kLandlockDomain = 1424;        // AUDIT_LANDLOCK_DOMAIN
inline constexpr int kAuditReadlogGroup = 1;        // AUDIT_NLGRP_READLOG
inline constexpr uint16_t kAuditTrustedApp = 1121;  // AUDIT_TRUSTED_APP: a user message, the end mark
inline constexpr int kCapAuditWrite = 29;
inline constexpr int kCapAuditControl = 30;
inline constexpr int kCapAuditRead = 37;

// The decimal number s, or fallback when s is not one.
long audit_number(const std::string &s, long fallback = -1);

// Whether learn's effective capabilities hold cap.
bool has_cap(int cap);

// A NETLINK_AUDIT socket (close-on-exec), or -1.
int audit_socket();
// Sends one request (body: len bytes, at most 256) to the kernel.
bool send_request(int fd, uint16_t type, uint16_t flags, const void *body, size_t len);
// The kernel's answer to a request: type AUDIT_GET (then *status is set), or
// an ack (true) or error (false, errno set).
bool answer(int fd, audit_status *status);
bool get_status(int fd, audit_status &s);
bool set_enabled(int fd, uint32_t on);

// Joins the learns using audit, switching it on if it is off. "" or why
// not. Without the file (not root: CAP_AUDIT_READ alone), audit already on
// is used as is, never switched: joined stays false.
std::string join_users(int ctl, bool &joined);
// Leaves them; the last one switches audit back off if a learn switched it on.
std::string leave_users(int ctl);

}  // namespace llp
