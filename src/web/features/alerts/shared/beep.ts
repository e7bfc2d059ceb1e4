/** A short beep made with Web Audio (no sound file) for new alerts (spec 2, section 4). */
export function beep() {
  const AudioContextClass = globalThis.AudioContext;
  if (!AudioContextClass) return;
  try {
    const audio = new AudioContextClass();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 988;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.3);
    setTimeout(() => void audio.close(), 600);
  } catch {
    // Browsers refuse audio before the first user gesture; the list still updates.
  }
}
