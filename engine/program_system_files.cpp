// Handler `system-files` (named in engine/programs_table_system.cpp): administration commands
// that write the system's files without naming them (`visudo` writes /etc/sudoers, `useradd`
// /etc/passwd, `systemctl enable` links below /etc/systemd/system): those files are written, so
// a policy's `deny /etc` meets them. One table, `kSystemWrites`.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "engine/programs.hpp"

namespace vigie::engine {

using program_words::in_words;
using program_words::lit;
using shell::WordView;
using Words = std::vector<WordView>;

namespace {

struct SystemWrite {
  std::string_view programs;  // names, space-separated
  // What selects the writes, space-separated: the first operand (a subcommand) or an option
  // anywhere (`update-alternatives --install`); empty: the program itself.
  std::string_view selectors;
  // The files written: absolute paths; a trailing `/`, a folder written under names the line
  // does not show. With `--user`, `user_files` instead (in the home folder).
  std::string_view files;
  std::string_view user_files;
  std::string_view read_only;  // options that make it write nothing (`visudo -c`)
  // Options naming the file written instead (`visudo -f FILE`); listed with a trailing `/`, a
  // folder written below instead (`update-alternatives --altdir DIR`).
  std::string_view file_options;
  std::string_view valued;     // other options with a value (so it is not an operand)
  std::string_view elsewhere;  // options that make it act on another machine (`systemctl -H`)
  // Options naming a file written as well (`update-alternatives --log FILE`); with a trailing
  // `/`, a folder written below (`--admindir DIR`: the database it reads and rewrites).
  std::string_view also_written = {};
};

constexpr std::string_view kAccounts = "/etc/passwd /etc/shadow /etc/group /etc/gshadow";

constexpr SystemWrite kSystemWrites[] = {
    {"visudo", "", "/etc/sudoers", "", "-c --check -h --help -V --version", "-f --file", "", ""},
    {"vipw", "", "/etc/passwd /etc/shadow", "", "-h --help", "", "-R --root", ""},
    {"vigr", "", "/etc/group /etc/gshadow", "", "-h --help", "", "-R --root", ""},
    {"useradd usermod userdel adduser deluser groupadd groupmod groupdel addgroup delgroup "
     "newusers chpasswd chgpasswd gpasswd grpconv grpunconv pwconv pwunconv",
     "", kAccounts, "", "-h --help", "",
     "-c --comment -d --home -e --expiredate -f --inactive -g --gid -G --groups -k --skel -K "
     "--key -p --password -R --root -P --prefix -s --shell -u --uid -Z --selinux-user -a -A -M "
     "-r",
     ""},
    {"passwd", "", "/etc/shadow", "", "-S --status -h --help", "", "-r --repository -R --root", ""},
    {"chsh chfn", "", "/etc/passwd", "", "-l --list-shells --help", "",
     "-s --shell -R --root -f -r -w -h -o", ""},
    {"chage", "", "/etc/shadow", "", "-l --list -h --help", "",
     "-d --lastday -E --expiredate -I --inactive -m --mindays -M --maxdays -R --root -W "
     "--warndays",
     ""},
    // systemctl's commands that link, mask or write unit files (the user's with `--user`).
    {"systemctl",
     "enable disable reenable mask unmask link preset preset-all revert set-default edit "
     "add-wants add-requires set-property",
     "/etc/systemd/system/", "~/.config/systemd/user/", "-h --help --version", "",
     "-t --type -p --property -P --state -s --signal -n --lines -o --output --job-mode "
     "--kill-whom --root --image --preset-mode --what --timestamp --message --drop-in --when "
     "--boot-loader-menu --boot-loader-entry --reboot-argument",
     "-H --host -M --machine"},
    {"hostnamectl", "set-hostname set-icon-name set-chassis set-deployment set-location",
     "/etc/hostname /etc/machine-info", "", "-h --help --version", "", "",
     "-H --host -M --machine"},
    {"timedatectl", "set-timezone set-local-rtc set-time set-ntp", "/etc/localtime /etc/adjtime",
     "", "-h --help --version", "", "", "-H --host -M --machine"},
    {"localectl", "set-locale set-keymap set-x11-keymap",
     "/etc/locale.conf /etc/vconsole.conf /etc/X11/xorg.conf.d/", "", "-h --help --version", "", "",
     "-H --host -M --machine"},
    {"loginctl", "enable-linger disable-linger", "/var/lib/systemd/linger/", "",
     "-h --help --version", "", "", "-H --host -M --machine"},
    {"update-alternatives",
     "--install --set --remove --remove-all --auto --config --set-selections --all",
     "/etc/alternatives/", "", "--display --query --list --get-selections --help --version",
     "--altdir/ --root/", "--altdir --admindir --log --instdir --root", "",
     "--log --admindir/ --instdir/"},
    {"ufw",
     "allow deny reject limit delete insert prepend enable disable reset default route logging",
     "/etc/ufw/", "", "--dry-run --help --version", "", "", ""},
    {"update-grub update-grub2", "", "/boot/grub/grub.cfg", "", "-h --help", "", "", ""},
    {"grub-mkconfig grub2-mkconfig", "", "", "", "-h --help -V --version", "-o --output", "", ""},
};

bool has_word(const Words& w, std::string_view list) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (s && in_words(list, s->substr(0, s->find('=')))) return true;
  }
  return false;
}

// The first word that is neither an option nor an option's value.
const std::string* first_operand(const SystemWrite& e, const Words& w) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) return nullptr;
    if (s->size() < 2 || (*s)[0] != '-') return s;
    if (s->find('=') == std::string::npos &&
        (in_words(e.valued, *s) || in_words(e.elsewhere, *s) || in_words(e.file_options, *s)))
      ++i;
  }
  return nullptr;
}

}  // namespace

void system_files_handler(const ProgramDecl&, std::string_view name, const Words& w,
                          ProgramEffects& out) {
  // What the table does not model (`systemctl link /tmp/x.service`).
  add_named_words(name, w, out);
  for (const SystemWrite& e : kSystemWrites) {
    if (!in_words(e.programs, name)) continue;
    if (has_word(w, e.read_only) || has_word(w, e.elsewhere)) return;
    if (!e.selectors.empty()) {
      const std::string* op = first_operand(e, w);
      bool selected = op && in_words(e.selectors, *op);
      for (std::size_t i = 1; i < w.size() && !selected; ++i) {
        const std::string* s = lit(w, i);
        selected = s && s->starts_with("--") && in_words(e.selectors, s->substr(0, s->find('=')));
      }
      if (!selected) return;
    }
    const std::string entry = std::string(name) + " (the system's files it writes)";
    // `visudo -f FILE`, `grub-mkconfig -o FILE`: that file instead; `--log FILE` as well.
    bool instead = false;
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string* s = lit(w, i);
      if (!s) continue;
      const std::size_t eq = s->find('=');
      const std::string key = s->substr(0, eq);
      const bool in_place = in_words(e.file_options, key) || in_words(e.file_options, key + "/");
      const bool folder =
          in_words(e.file_options, key + "/") || in_words(e.also_written, key + "/");
      if (!in_place && !folder && !in_words(e.also_written, key)) continue;
      std::optional<WordView> v;
      if (eq != std::string::npos)
        v = word_of(w[i], s->substr(eq + 1));
      else if (i + 1 < w.size())
        v = w[++i];
      if (!v) continue;
      if (folder)
        add_folder_files(out, *v, From::option, entry);
      else
        add_word_file(out, Touch::write, *v, From::option, entry);
      instead = instead || in_place;
    }
    if (instead) return;
    const bool user = !e.user_files.empty() && has_word(w, "--user");
    std::string_view files = user ? e.user_files : e.files;
    while (!files.empty()) {
      const std::size_t sp = files.find(' ');
      const std::string_view f = files.substr(0, sp);
      if (f.ends_with('/'))
        add_folder_files(out, path_word(w[0], f.substr(0, f.size() - 1)), From::operand, entry);
      else
        add_word_file(out, Touch::write, path_word(w[0], f), From::operand, entry);
      files = sp == std::string_view::npos ? std::string_view() : files.substr(sp + 1);
    }
    return;
  }
}

}  // namespace vigie::engine
