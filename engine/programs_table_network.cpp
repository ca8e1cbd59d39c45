// The programs table continued (engine/programs_table.cpp gives the syntax): the network
// programs, ssh and its relatives, socat, bwrap and ssh-keygen, then the clients that fetch and
// send (scp, sftp, nc, curl, wget; their handlers are named in
// engine/program_handler_table.cpp). Read right after engine/programs_table.cpp
// (engine/programs_index.cpp: a name's first entry wins).
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsNetwork[] = {
  // ---- network -------------------------------------------------------------------------------
  {"ssh", "s", "", "ssh",
   "-o=v -F=r -i=r -E=w -S=w -J=v -p=v -l=v -L=v -R=v -D=v -W=v -b=v -c=v -e=v -m=v -O=v -Q=v "
   "-w=v -B=v -I=r!!"},
  {"socat", "", "", "socat", ""},
  {"bwrap", "", "", "bwrap", ""},
  {"ssh-keygen", "m", "*r", "",
   "-f=w -s=r -t=v -b=v -C=v -N=v -P=v -E=v -R=v -F=v -I=v -n=v -V=v -O=o -Y=v -Z=v -a=v -D=r!! "
   "-m=v -M=v!W -r=r -T=v -z=v -w=v!! -K -q -y -l -L -H -c -p -e -i -U -k -u -v -h -A!!"},

  // ---- network clients ------------------------------------------------------------------
  {"scp", "s", "*r$w", "ssh", "-i=r -F=r -o=v -P=v -S=x -c=v -l=v -J=v -D=x -X=v -r!Q"},
  // sftp's batch file (`-b`) may hold `!CMD` lines, local commands it runs: asked.
  {"sftp", "s", "", "ssh",
   "-i=r -F=r -o=v -P=v -S=x -b=r!! -B=v -c=v -D=x -J=v -l=v -R=v -s=v"},
  {"nc ncat netcat", "m", "", "",
   "-e|--exec=v!! -c|--sh-exec=x --lua-exec=r!! -o|--output=w --hex-dump=w -x=v -p|--source-port=v "
   "-s|--source=v -w|--wait=v -i|--idle-timeout=v -q=v -l|--listen -k|--keep-open -u|--udp "
   "-v|--verbose -n|--nodns -z -4 -6"},
  // curl takes any unambiguous prefix of a long option (`--outp` is ambiguous, `--output-d` is
  // `--output-dir`): every option of curl 7.88 (`curl --help all`) and later ones is declared so
  // that prefixes resolve as curl resolves them. Handler `curl` (engine/program_curl.cpp): file:
  // URLs, cookie files, `-O`/`-J`/`--output-dir` names; `-K` reads options the line does not show.
  {"curl", "pm", "", "curl",
   "--abstract-unix-socket=v --alt-svc=w --anyauth -a|--append --aws-sigv4=v --basic "
   "--cacert=r --capath=r -E|--cert=r --cert-status --cert-type=v --ciphers=v --compressed "
   "--compressed-ssh -K|--config=r!! --connect-timeout=v --connect-to=v -C|--continue-at=v "
   "-b|--cookie=v -c|--cookie-jar=w --create-dirs --create-file-mode=v --crlf --crlfile=r "
   "--curves=v -d|--data=a --data-ascii=a --data-binary=a --data-raw=v --data-urlencode=a "
   "--delegation=v --digest -q|--disable --disable-eprt --disable-epsv "
   "--disallow-username-in-url --dns-interface=v --dns-ipv4-addr=v --dns-ipv6-addr=v "
   "--dns-servers=v --doh-cert-status --doh-insecure --doh-url=v -D|--dump-header=w "
   "--egd-file=r --engine=v!! --etag-compare=r --etag-save=w --expect100-timeout=v -f|--fail "
   "--fail-early --fail-with-body --false-start -F|--form=f --form-escape --form-string=v "
   "--ftp-account=v --ftp-alternative-to-user=v --ftp-create-dirs --ftp-method=v --ftp-pasv "
   "-P|--ftp-port=v --ftp-pret --ftp-skip-pasv-ip --ftp-ssl-ccc --ftp-ssl-ccc-mode=v "
   "--ftp-ssl-control -G|--get -g|--globoff --happy-eyeballs-timeout-ms=v "
   "--haproxy-protocol -I|--head -H|--header=a -h|--help=v --hostpubmd5=v --hostpubsha256=v "
   "--hsts=w --http0 -0|--http1 --http1 --http2 --http2-prior-knowledge --http3 "
   "--http3-only --ignore-content-length -i|--include -k|--insecure --interface=v -4|--ipv4 "
   "-6|--ipv6 --json=a -j|--junk-session-cookies --keepalive-time=v --key=r --key-type=v "
   "--krb=v --libcurl=w --limit-rate=v -l|--list-only --local-port=v -L|--location "
   "--location-trusted --login-options=v --mail-auth=v --mail-from=v --mail-rcpt=v "
   "--mail-rcpt-allowfails -M|--manual --max-filesize=v --max-redirs=v -m|--max-time=v "
   "--metalink --negotiate -n|--netrc --netrc-file=r --netrc-optional -:|--next --no-alpn "
   "-N|--no-buffer --no-clobber --no-keepalive --no-npn --no-progress-meter --no-sessionid "
   "--noproxy=v --ntlm --ntlm-wb --oauth2-bearer=v -o|--output=w --output-dir=w "
   "-Z|--parallel --parallel-immediate --parallel-max=v --pass=v --path-as-is "
   "--pinnedpubkey=v --post301 --post302 --post303 --preproxy=v -#|--progress-bar --proto=v "
   "--proto-default=v --proto-redir=v -x|--proxy=v --proxy-anyauth --proxy-basic "
   "--proxy-cacert=r --proxy-capath=r --proxy-cert=r --proxy-cert-type=v --proxy-ciphers=v "
   "--proxy-crlfile=r --proxy-digest --proxy-header=a --proxy-insecure --proxy-key=r "
   "--proxy-key-type=v --proxy-negotiate --proxy-ntlm --proxy-pass=v --proxy-pinnedpubkey=v "
   "--proxy-service-name=v --proxy-ssl-allow-beast --proxy-ssl-auto-client-cert "
   "--proxy-tls13-ciphers=v --proxy-tlsauthtype=v --proxy-tlspassword=v --proxy-tlsuser=v "
   "--proxy-tlsv1 -U|--proxy-user=v --proxy1 -p|--proxytunnel --pubkey=r -Q|--quote=v "
   "--random-file=r -r|--range=v --rate=v --raw -e|--referer=v -J|--remote-header-name "
   "-O|--remote-name!O --remote-name-all!O -R|--remote-time --remove-on-error "
   "-X|--request=v --request-target=v --resolve=v --retry=v --retry-all-errors "
   "--retry-connrefused --retry-delay=v --retry-max-time=v --sasl-authzid=v --sasl-ir "
   "--service-name=v -S|--show-error -s|--silent --socks4=v --socks4a=v --socks5=v "
   "--socks5-basic --socks5-gssapi --socks5-gssapi-nec --socks5-gssapi-service=v "
   "--socks5-hostname=v -Y|--speed-limit=v -y|--speed-time=v --ssl --ssl-allow-beast "
   "--ssl-auto-client-cert --ssl-no-revoke --ssl-reqd --ssl-revoke-best-effort -2|--sslv2 "
   "-3|--sslv3 --stderr=w --styled-output --suppress-connect-headers --tcp-fastopen "
   "--tcp-nodelay -t|--telnet-option=v --tftp-blksize=v --tftp-no-options -z|--time-cond=v "
   "--tls-max=v --tls13-ciphers=v --tlsauthtype=v --tlspassword=v --tlsuser=v -1|--tlsv1 "
   "--tlsv1 --tlsv1 --tlsv1 --tlsv1 --tr-encoding --trace=w --trace-ascii=w --trace-time "
   "--unix-socket=r -T|--upload-file=r --url=v --url-query=v -B|--use-ascii -u|--user=v "
   "-A|--user-agent=v -v|--verbose -V|--version -w|--write-out=a --xattr --ca-native "
   "--proxy-ca-native --dump-ca-embed --proxy-dump-ca-embed --ech=v --ipfs-gateway=v "
   "--skip-existing --variable=v --ssl-sessions=w --upload-flags=v --out-null --follow "
   "--sigalgs=v --trace-config=v --trace-ids --mptcp --haproxy-clientip=v --knownhosts=r "
   "--keepalive-cnt=v --parallel-max-host=v"},
  // wget refuses file: URLs ("Unsupported scheme"). `--default-page=NAME`: a URL ending in `/` is
  // saved as NAME; `--pinnedpubkey` is a key file or `sha256//` hashes (over-read as a path).
  {"wget", "pm", "", "wget",
   "-O|--output-document=w -o|--output-file=w -a|--append-output=w -P|--directory-prefix=v "
   "--rejected-log=w --default-page=w --crl-file=r --ca-directory=R --pinnedpubkey=r "
   "--warc-dedup=r --warc-tempdir=g "
   "-i|--input-file=r --post-file=r --body-file=r -e|--execute=v!! --use-askpass=x "
   "--load-cookies=r --save-cookies=w --ca-certificate=r --certificate=r --private-key=r "
   "--config=r!! --hsts-file=w --warc-file=w -U|--user-agent=v --header=v --post-data=v "
   "--method=v --body-data=v -t|--tries=v -T|--timeout=v -w|--wait=v -l|--level=v "
   "-A|--accept=v -R|--reject=v -D|--domains=v --user=v --password=v -Q|--quota=v "
   "--limit-rate=v -B|--base=v --referer=v -X|--exclude-directories=v -I|--include-directories=v "
   // `-x`, `-nd`, `-nH` (`-n` and a letter), their long spellings, `--cut-dirs`,
   // `--protocol-directories`: where a download's files land (under the URL's folders);
   // `--content-disposition`: the server names the file.
   "-x|--force-directories --protocol-directories "
   "-n=v --no-directories --no-host-directories --cut-dirs=v -r|--recursive -m|--mirror "
   "-p|--page-requisites --content-disposition?v --trust-server-names -H|--span-hosts"},
};
// clang-format on

const std::size_t kProgramsNetworkCount = sizeof(kProgramsNetwork) / sizeof(kProgramsNetwork[0]);

}  // namespace vigie::engine
