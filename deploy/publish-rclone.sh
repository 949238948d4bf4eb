#!/bin/sh
# PUBLISH_COMMAND for any rclone remote (Cloudflare R2, S3, B2, GCS…):
#   PUBLISH_COMMAND='sh deploy/publish-rclone.sh r2:placar'
# Uploads the build Placar just published ($PLACAR_BUILD_DIR) in the order that keeps a CDN
# consistent — assets and crests, then JSON, then pages — with each kind's headers, and deletes what the
# build no longer has only at the end. The .br/.gz files stay local: an object store does not
# negotiate Accept-Encoding, the CDN compresses.
set -eu
dest="${1:?uso: publish-rclone.sh REMOTE:CAMINHO (ex.: r2:placar)}"
src="${PLACAR_BUILD_DIR:?PLACAR_BUILD_DIR vazio: rode este script como PUBLISH_COMMAND}"

json() {
  rclone "$@" --header-upload 'Content-Type: application/json; charset=utf-8' \
    --header-upload 'Cache-Control: public, max-age=15, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400'
}
page_headers='Cache-Control: public, max-age=0, s-maxage=60, stale-while-revalidate=30'
html() {
  rclone "$@" --header-upload 'Content-Type: text/html; charset=utf-8' --header-upload "$page_headers"
}
calendar() {
  rclone "$@" --header-upload 'Content-Type: text/calendar; charset=utf-8' \
    --header-upload 'Cache-Control: public, max-age=15, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400'
}

# 0. Each match's files (jogo/<id>.html, api/jogo/<id>) sit in DATA_DIR/jogos, which every build
#    links in, and a refresh replaces them in place: they are staged as plain folders of hard links
#    (the files as they are now, whatever the next refresh writes; copies when the temp folder is on
#    another file system), each page also without ".html" for hosts without clean URLs, so
#    rclone sees ordinary files, uploads those whose bytes changed (--checksum: an unchanged match
#    of a new build may have a new time, and updating the time alone would lose the headers) and
#    (step 6) deletes the rest.
matches="$(mktemp -d)"
trap 'rm -rf "$matches"' EXIT
stage() {
  mkdir -p "$2"
  if [ -d "$1" ] && ! cp -RLl "$1/." "$2" 2>/dev/null; then
    rm -rf "$2" && mkdir -p "$2" && cp -RLp "$1/." "$2"
  fi
}
stage "$src/jogo" "$matches/jogo"
stage "$src/api/jogo" "$matches/api/jogo"
# The competitions' table pages (tabela/<slug>.html) the same way: also without ".html".
stage "$src/tabela" "$matches/tabela"
# The teams' homes (time/<slug>.html) too.
stage "$src/time" "$matches/time"
# The past days Placar keeps (dia/<AAAA-MM-DD>.html, api/dia/<AAAA-MM-DD>) sit in DATA_DIR/arquivo, linked in
# like the match files (the archived matches' own files stay in DATA_DIR/jogos, staged above).
stage "$src/dia" "$matches/dia"
stage "$src/api/dia" "$matches/api/dia"
(cd "$matches" && find jogo tabela time dia -type f -name '*.html') | while IFS= read -r page; do
  ln "$matches/$page" "$matches/${page%.html}"
done

# 1. Fingerprinted assets and crests (named by their content hash): new names never overwrite
#    old ones, so they can go first.
immutable='Cache-Control: public, max-age=31536000, immutable'
rclone copy "$src/_astro" "$dest/_astro" --exclude '*.br' --exclude '*.gz' --header-upload "$immutable"
if [ -d "$src/escudos" ]; then
  rclone copy "$src/escudos" "$dest/escudos" --header-upload "$immutable"
fi
# 2. The pre-built JSON: extensionless files, so the content type must be explicit.
json copy "$src/api" "$dest/api" --exclude '*.br' --exclude '*.gz' --exclude '*.ics' --exclude '/jogo/**' \
  --exclude '/dia/**'
# The teams' calendars (api/time/<slug>.ics) with theirs.
calendar copy "$src/api" "$dest/api" --include '*.ics'
json copy "$matches/api/jogo" "$dest/api/jogo" --checksum --exclude '*.br' --exclude '*.gz'
json copy "$matches/api/dia" "$dest/api/dia" --checksum --exclude '*.br' --exclude '*.gz'
# 3. Other public files (favicon, icons…); the manifest with its type.
rclone copy "$src" "$dest" --max-depth 1 --exclude '*.html' --exclude '*.br' --exclude '*.gz' \
  --exclude '/sw.js' --exclude '/manifest.webmanifest' --header-upload 'Cache-Control: public, max-age=300'
rclone copyto "$src/manifest.webmanifest" "$dest/manifest.webmanifest" \
  --header-upload 'Content-Type: application/manifest+json; charset=utf-8' \
  --header-upload 'Cache-Control: public, max-age=300'
# 4. Pages: they only reference what is already there; the match pages before the views that
#    link to them. Also without ".html" (/hoje, /busca, /ontem, /amanha, /jogo/<id>, /tabela/<slug>, /time/<slug>).
html copy "$matches/jogo" "$dest/jogo" --checksum --exclude '*.br' --exclude '*.gz'
html copy "$matches/tabela" "$dest/tabela" --checksum --exclude '*.br' --exclude '*.gz'
html copy "$matches/time" "$dest/time" --checksum --exclude '*.br' --exclude '*.gz'
html copy "$matches/dia" "$dest/dia" --checksum --exclude '*.br' --exclude '*.gz'
rclone copy "$src" "$dest" --max-depth 1 --include '*.html' --header-upload "$page_headers"
for page in hoje busca ontem amanha; do
  html copyto "$src/$page.html" "$dest/$page"
done
# 5. The service worker, which lists the pages, revalidated on every check (a new build's
#    worker takes over at once).
rclone copyto "$src/sw.js" "$dest/sw.js" \
  --header-upload 'Content-Type: text/javascript; charset=utf-8' --header-upload 'Cache-Control: no-cache'
# 6. Only now delete what the build no longer has (old assets, after the pages that used them;
#    the pages and JSON of matches no longer listed).
rclone sync "$src" "$dest" --exclude '*.br' --exclude '*.gz' --exclude '/hoje' --exclude '/busca' --exclude '/ontem' \
  --exclude '/amanha' --exclude '/jogo/**' --exclude '/api/jogo/**' --exclude '/tabela/**' --exclude '/time/**' \
  --exclude '/dia/**' --exclude '/api/dia/**'
html sync "$matches/jogo" "$dest/jogo" --checksum --exclude '*.br' --exclude '*.gz'
html sync "$matches/tabela" "$dest/tabela" --checksum --exclude '*.br' --exclude '*.gz'
html sync "$matches/time" "$dest/time" --checksum --exclude '*.br' --exclude '*.gz'
html sync "$matches/dia" "$dest/dia" --checksum --exclude '*.br' --exclude '*.gz'
json sync "$matches/api/jogo" "$dest/api/jogo" --checksum --exclude '*.br' --exclude '*.gz'
json sync "$matches/api/dia" "$dest/api/dia" --checksum --exclude '*.br' --exclude '*.gz'
