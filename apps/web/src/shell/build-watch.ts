import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const POLL_MS = 60_000;
let currentBuild: string | null = null;
let newBuildSeen = false;

async function latestBuild(): Promise<string | null> {
  try {
    const res = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { id?: string };
    return body.id ?? null;
  } catch {
    return null;
  }
}

/** calls.md 7.1: polls the build manifest; after a new build, the next navigation does a full page reload. */
export function useBuildWatch() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    let stop = false;
    const check = async () => {
      const id = await latestBuild();
      if (stop || !id) return;
      if (currentBuild === null) currentBuild = id;
      else if (id !== currentBuild) newBuildSeen = true;
    };
    void check();
    const t = setInterval(() => void check(), POLL_MS);
    return () => {
      stop = true;
      clearInterval(t);
    };
  }, []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (newBuildSeen) window.location.reload();
  }, [location.pathname]);
}
