// Content states a page declares and a script shows later (ContentState.swift): the server
// renders each into a `<template data-content-state="<kind>">` with its own partial, icon,
// text and action. `showState(region, kind)` puts that state into a region: made from the
// template the first time it is asked for, and the same element kept for the next time, so
// a state that comes and goes (offline, online, offline) is not built again.

const made = new WeakMap(); // region → Map(kind → the state's element)

function stateIn(region, kind) {
  let states = made.get(region);
  if (!states) made.set(region, (states = new Map()));
  if (!states.has(kind)) {
    const template = document.querySelector(`template[data-content-state="${CSS.escape(kind)}"]`);
    const state = template?.content.firstElementChild?.cloneNode(true);
    if (!state) return null;
    state.dataset.contentState = kind;
    states.set(kind, state);
  }
  return states.get(kind);
}

/** Shows the page's state `kind` in `region` (appended the first time); returns it, or null if the page has none. */
export function showState(region, kind) {
  const state = stateIn(region, kind);
  if (!state) return null;
  if (!state.isConnected) region.append(state);
  state.hidden = false;
  return state;
}

/** Hides the state `kind` in `region`, if it was ever shown there. */
export function hideState(region, kind) {
  const state = made.get(region)?.get(kind);
  if (state) state.hidden = true;
}
