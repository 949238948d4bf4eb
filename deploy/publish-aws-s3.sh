#!/bin/sh
# PUBLISH_COMMAND for an S3 bucket (or any S3-compatible store, with AWS CLI's --endpoint-url):
#   PUBLISH_COMMAND='sh deploy/publish-aws-s3.sh s3://my-placar-bucket'
# Same order and headers as publish-rclone.sh: assets, then JSON, then pages, deletions last.
set -eu
dest="${1:?uso: publish-aws-s3.sh s3://BUCKET[/PREFIXO]}"
src="${PLACAR_BUILD_DIR:?PLACAR_BUILD_DIR vazio: rode este script como PUBLISH_COMMAND}"

# 1. Fingerprinted assets.
aws s3 sync "$src/_astro" "$dest/_astro" --exclude '*.br' --exclude '*.gz' \
  --cache-control 'public, max-age=31536000, immutable'
# 2. The pre-built JSON: extensionless files, so the content type must be explicit.
aws s3 sync "$src/api" "$dest/api" --exclude '*.br' --exclude '*.gz' \
  --content-type 'application/json; charset=utf-8' \
  --cache-control 'public, max-age=15, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400'
# 3. Other public files (favicon…).
aws s3 sync "$src" "$dest" --exclude '_astro/*' --exclude 'api/*' --exclude '*.html' --exclude '*.br' --exclude '*.gz' \
  --cache-control 'public, max-age=300'
# 4. Pages last; also without ".html" (/hoje, /busca) for buckets served without clean URLs.
page_cache='public, max-age=0, s-maxage=60, stale-while-revalidate=30'
aws s3 sync "$src" "$dest" --exclude '*' --include '*.html' --exclude '*/*' --content-type 'text/html; charset=utf-8' --cache-control "$page_cache"
for page in hoje busca; do
  aws s3 cp "$src/$page.html" "$dest/$page" --content-type 'text/html; charset=utf-8' --cache-control "$page_cache"
done
# 5. Only now delete what the build no longer has.
aws s3 sync "$src" "$dest" --delete --exclude '*.br' --exclude '*.gz' --exclude hoje --exclude busca
