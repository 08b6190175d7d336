// Film player: the precise slider as a film's seek bar. The page works without this module
// (the native <video controls>); with it, the native controls give way to a play button,
// frame steps, the time, and the server-rendered precise slider whose range is the film.
//
// While the person edits the slider the film pauses, and plays on after the release if it
// was playing. Only moving the value is an edit: zooming (a pinch, Ctrl/⌘ + wheel, + and −,
// a double tap) leaves playback as it is, and the ruler keeps following the film. Dragging shows the nearest frame (`fastSeek` where the engine has it) and the
// storyboard's thumbnail over the slider's pointer; the release seeks exactly to the chosen
// time. During playback the slider follows the film every frame
// (`requestVideoFrameCallback` where it exists), and never while a finger holds it.
// Keys anywhere in the player: Space or K plays and pauses, J and L jump 10 s back and
// forward, comma and full stop step one frame; the slider keeps its own keys (arrows, Page
// keys, Home/End, + and −). The time beside the buttons is a field: a typed time
// (`m:ss.SSS`, decimal point or comma) seeks to it on Enter. An address with a time opens the
// film at that frame (`data-film-start`, from `?t=`).


import { clockText, parseStoryboard } from "./film-storyboard.js";
import { parseDuration } from "./precise-slider/validation.js";
import { enhance as enhanceSliders } from "./precise-slider.js";

const JUMP_SECONDS = 10;
// Times read as the page's language writes decimals, like the ruler's labels.
const DECIMAL = document.documentElement.lang.startsWith("cs") ? "," : ".";
// A seek lands this far into the frame asked for: a time exactly on a frame's start may round
// to the end of the one before it in the engine's own time base.
const INTO_FRAME = 0.001;

class FilmPlayer {
  #video;
  #slider;
  #sliderRoot;
  #play;
  #time;
  #preview;
  #previewImage;
  #previewTime;
  #frame; // seconds per frame
  #resumeAfterEdit = false;
  #cues = [];
  #following = 0;
  #sought = null; // the time a seek of ours asked for, shown instead of the engine's nudged one

  constructor(root) {
    this.root = root;
    this.#video = root.querySelector("[data-film-video]");
    this.#sliderRoot = root.querySelector("[data-precise-slider]");
    const controls = root.querySelector("[data-film-controls]");
    if (!this.#video || !this.#sliderRoot || !controls) return;
    enhanceSliders(root);
    this.#slider = this.#sliderRoot.preciseSlider;
    if (!this.#slider) return;
    const [numerator, denominator] = (root.dataset.frameRate ?? "30/1").split("/").map(Number);
    this.#frame = numerator > 0 && denominator > 0 ? denominator / numerator : 1 / 30;
    this.#play = root.querySelector("[data-film-play]");
    this.#time = root.querySelector("[data-film-goto]");
    this.#preview = root.querySelector("[data-film-preview]");
    this.#previewImage = root.querySelector("[data-film-preview-image]");
    this.#previewTime = root.querySelector("[data-film-preview-time]");

    this.#video.controls = false;
    controls.hidden = false;
    this.#listen(controls);
    this.#loadStoryboard(root.dataset.storyboard);
    this.#showTime();
    const start = Number(root.dataset.filmStart);
    if (root.dataset.filmStart && Number.isFinite(start)) this.#openAt(start);
  }

  /** An address with a time (`?t=1:05.250`): the exact frame, once the film's length is known. */
  #openAt(seconds) {
    const seek = () => this.seek(seconds);
    if (this.#video.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
    else this.#video.addEventListener("loadedmetadata", seek, { once: true });
    this.#showTime(seconds);
    if (this.root.getBoundingClientRect().top > innerHeight) this.root.scrollIntoView({ block: "center" });
  }

  get duration() {
    const { duration } = this.#video;
    return Number.isFinite(duration) ? duration : JSON.parse(this.#sliderRoot.dataset.preciseSlider).max;
  }

  #listen(controls) {
    const video = this.#video;
    this.#play.addEventListener("click", () => this.toggle());
    video.addEventListener("click", () => this.toggle());
    for (const button of controls.querySelectorAll("[data-film-step]")) {
      button.addEventListener("click", () => this.step(Number(button.dataset.filmStep)));
    }
    video.addEventListener("play", () => {
      this.#showPlaying(true);
      this.#follow();
    });
    video.addEventListener("pause", () => this.#showPlaying(false));
    video.addEventListener("ended", () => this.#showPlaying(false));
    video.addEventListener("seeked", () => {
      const shown = this.#sought ?? video.currentTime;
      this.#sought = null;
      this.#showTime(shown);
      if (!this.#slider.editing) this.#slider.setValue(shown);
    });
    video.addEventListener("timeupdate", () => this.#showTime());

    this.#sliderRoot.addEventListener("slider-start", () => {
      if (this.#resumeAfterEdit) return;
      this.#resumeAfterEdit = !video.paused;
      video.pause();
    });
    this.#sliderRoot.addEventListener("slider-input", (event) => {
      if (!this.#resumeAfterEdit && !video.paused) {
        this.#resumeAfterEdit = true;
        video.pause();
      }
      this.#scrub(event.detail.value);
    });
    this.#sliderRoot.addEventListener("slider-change", (event) => {
      this.#hidePreview();
      this.seek(event.detail.value);
      if (this.#resumeAfterEdit) {
        this.#resumeAfterEdit = false;
        video.addEventListener("seeked", () => video.play().catch(() => {}), { once: true });
      }
    });

    this.root.addEventListener("keydown", (event) => this.#key(event));
    this.#time.addEventListener("change", () => this.#goTo());
    this.#time.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        this.#goTo();
      } else if (event.key === "Escape") {
        this.#showTime();
        this.#time.select();
      }
    });
  }

  toggle() {
    if (this.#video.paused || this.#video.ended) this.#video.play().catch(() => {});
    else this.#video.pause();
  }

  /** Seeks exactly to `seconds` (clamped to the film). */
  seek(seconds) {
    const end = this.duration;
    const target = Math.min(Math.max(seconds, 0), end);
    this.#sought = target;
    this.#video.currentTime = target >= end ? end : target + INTO_FRAME;
    this.#slider.setValue(target);
    this.#showTime(target);
  }

  /** Moves by `frames` whole frames from the frame shown now, paused. */
  step(frames) {
    this.#video.pause();
    const current = Math.floor((this.#video.currentTime + 1e-6) / this.#frame);
    this.seek((current + frames) * this.#frame);
  }

  // A time typed into the time field: sought when it reads as one, else shown back as it was.
  #goTo() {
    const typed = parseDuration(this.#time.value);
    if (!typed.ok) {
      this.#time.setAttribute("aria-invalid", "true");
      return;
    }
    this.#time.removeAttribute("aria-invalid");
    this.#video.pause();
    this.seek(typed.value);
  }

  #key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // Typing a time in the slider's field is typing, not playing.
    if (event.target.matches?.("input, textarea")) return;
    const key = event.key;
    if (key === " " || key === "k" || key === "K") {
      if (key === " " && event.target.matches?.("button")) return; // the button's own Space
      this.toggle();
    } else if (key === "j" || key === "J") {
      this.seek(this.#video.currentTime - JUMP_SECONDS);
    } else if (key === "l" || key === "L") {
      this.seek(this.#video.currentTime + JUMP_SECONDS);
    } else if (key === ",") {
      this.step(-1);
    } else if (key === ".") {
      this.step(1);
    } else {
      return;
    }
    event.preventDefault();
  }

  // While the slider moves: the nearest frame the engine can show quickly, and the
  // storyboard's thumbnail over the slider's pointer.
  #scrub(seconds) {
    const target = Math.min(Math.max(seconds, 0), this.duration);
    if (typeof this.#video.fastSeek === "function") this.#video.fastSeek(target);
    else if (!this.#video.seeking) this.#video.currentTime = target;
    this.#showTime(target);
    this.#showPreview(target);
  }

  #showPreview(seconds) {
    const cue = this.#cues.find((candidate) => seconds >= candidate.start && seconds < candidate.end)
      ?? this.#cues[this.#cues.length - 1];
    if (!cue || !this.#preview) return;
    const image = this.#previewImage.style;
    image.width = `${cue.w}px`;
    image.height = `${cue.h}px`;
    image.backgroundImage = `url("${cue.url}")`;
    image.backgroundPosition = `-${cue.x}px -${cue.y}px`;
    this.#previewTime.textContent = clockText(seconds, 2, DECIMAL);
    // Over the slider's fixed pointer, the middle of its ruler.
    const ruler = this.#sliderRoot.querySelector("[data-slider-ruler]");
    const box = ruler.getBoundingClientRect();
    const parent = this.#preview.offsetParent?.getBoundingClientRect() ?? box;
    const half = cue.w / 2 + 4;
    const centre = Math.min(Math.max(box.left + box.width / 2 - parent.left, half), parent.width - half);
    this.#preview.style.left = `${centre}px`;
    this.#preview.style.top = `${box.top - parent.top - cue.h - 40}px`;
    this.#preview.hidden = false;
  }

  #hidePreview() {
    if (this.#preview) this.#preview.hidden = true;
  }

  #showPlaying(playing) {
    this.#play.setAttribute("aria-label", playing ? this.#play.dataset.pauseLabel : this.#play.dataset.playLabel);
    this.#play.querySelector("use")?.setAttribute("href", this.#play.querySelector("use").getAttribute("href").replace(/#.*$/, playing ? "#pause" : "#play"));
    this.root.classList.toggle("film--playing", playing);
  }

  // The field shows where the film is, to the millisecond, unless the person is typing in it.
  #showTime(seconds = this.#video.currentTime) {
    if (this.#time && document.activeElement !== this.#time) this.#time.value = clockText(seconds, 3, DECIMAL);
  }

  // The slider follows the film on every frame shown while it plays.
  #follow() {
    const video = this.#video;
    const generation = ++this.#following;
    const tick = () => {
      if (generation !== this.#following || video.paused || video.ended) return;
      if (!this.#slider.editing) this.#slider.setValue(video.currentTime);
      this.#showTime();
      schedule();
    };
    const schedule = () => {
      if (typeof video.requestVideoFrameCallback === "function") video.requestVideoFrameCallback(tick);
      else requestAnimationFrame(tick);
    };
    schedule();
  }

  async #loadStoryboard(url) {
    if (!url) return;
    try {
      const response = await fetch(url);
      if (response.ok) this.#cues = parseStoryboard(await response.text(), response.url);
    } catch {
      // No thumbnails while scrubbing: the film itself still follows the slider.
    }
  }
}

/**
 * The poster-frame picker of a film in the portfolio editor: the frame the slider is on,
 * shown as the slider moves (the slider's field carries the time to the server on Save).
 */
export function enhancePosterPickers(container = document) {
  for (const root of container.querySelectorAll("[data-poster-picker]")) {
    const frame = root.querySelector("[data-poster-frame]");
    const slider = root.querySelector("[data-precise-slider]");
    if (!frame || !slider || root.posterPicker) continue;
    enhanceSliders(root);
    root.posterPicker = true;
    frame.hidden = false;
    const show = (seconds) => {
      if (Number.isFinite(seconds)) frame.currentTime = Math.max(0, seconds) + INTO_FRAME;
    };
    frame.addEventListener("loadedmetadata", () => show(slider.preciseSlider?.value), { once: true });
    slider.addEventListener("slider-input", (event) => show(event.detail.value));
    slider.addEventListener("slider-change", (event) => show(event.detail.value));
  }
}

for (const root of document.querySelectorAll("[data-film]")) {
  root.filmPlayer ??= new FilmPlayer(root);
}
enhancePosterPickers();
