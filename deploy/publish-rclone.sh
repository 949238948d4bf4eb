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

# 1. Fingerprinted assets and crests (named by their content hash): new names never overwrite
#    old ones, so they can go first.
immutable='Cache-Control: public, max-age=31536000, immutable'
rclone copy "$src/_astro" "$dest/_astro" --exclude '*.br' --exclude '*.gz' --header-upload "$immutable"
if [ -d "$src/escudos" ]; then
  rclone copy "$src/escudos" "$dest/escudos" --header-upload "$immutable"
fi
# 2. The pre-built JSON: extensionless files, so the content type must be explicit.
rclone copy "$src/api" "$dest/api" --exclude '*.br' --exclude '*.gz' \
  --header-upload 'Content-Type: application/json; charset=utf-8' \
  --header-upload 'Cache-Control: public, max-age=15, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400'
# 3. Other public files (favicon, icons…); the manifest with its type.
rclone copy "$src" "$dest" --max-depth 1 --exclude '*.html' --exclude '*.br' --exclude '*.gz' \
  --exclude '/sw.js' --exclude '/manifest.webmanifest' --header-upload 'Cache-Control: public, max-age=300'
rclone copyto "$src/manifest.webmanifest" "$dest/manifest.webmanifest" \
  --header-upload 'Content-Type: application/manifest+json; charset=utf-8' \
  --header-upload 'Cache-Control: public, max-age=300'
# 4. Pages: they only reference what is already there. Also without ".html" (/hoje,
#    /busca, /ontem, /amanha, /jogo/<id>) for hosts without clean URLs. The match pages first:
#    the views link to them. Both names of each match page are linked into a staging folder,
#    so one copy uploads the changed ones and one sync (step 6) deletes the old ones.
page_headers='Cache-Control: public, max-age=0, s-maxage=60, stale-while-revalidate=30'
matches="$(mktemp -d)"
trap 'rm -rf "$matches"' EXIT
if [ -d "$src/jogo" ]; then
  (cd "$src/jogo" && find . -type f -name '*.html') | while IFS= read -r page; do
    mkdir -p "$matches/${page%/*}"
    for name in "$page" "${page%.html}"; do
      # A link where it can be (same file system), else a copy that keeps the time rclone compares.
      ln "$src/jogo/$page" "$matches/$name" 2>/dev/null || cp -p "$src/jogo/$page" "$matches/$name"
    done
  done
fi
rclone copy "$matches" "$dest/jogo" --header-upload 'Content-Type: text/html; charset=utf-8' --header-upload "$page_headers"
rclone copy "$src" "$dest" --max-depth 1 --include '*.html' --header-upload "$page_headers"
for page in hoje busca ontem amanha; do
  rclone copyto "$src/$page.html" "$dest/$page" --header-upload 'Content-Type: text/html; charset=utf-8' --header-upload "$page_headers"
done
# 5. The service worker, which lists the pages, revalidated on every check (a new build's
#    worker takes over at once).
rclone copyto "$src/sw.js" "$dest/sw.js" \
  --header-upload 'Content-Type: text/javascript; charset=utf-8' --header-upload 'Cache-Control: no-cache'
# 6. Only now delete what the build no longer has (old assets, after the pages that used them;
#    the match pages of matches no longer listed).
rclone sync "$src" "$dest" --exclude '*.br' --exclude '*.gz' --exclude '/hoje' --exclude '/busca' --exclude '/ontem' --exclude '/amanha' --exclude '/jogo/**'
rclone sync "$matches" "$dest/jogo"
