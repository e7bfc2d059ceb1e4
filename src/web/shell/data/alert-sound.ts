/** A short two-tone chime made with Web Audio, so the console ships no sound file. */
export function playAlertSound() {
  const AudioContextClass = window.AudioContext;
  if (!AudioContextClass) return;
  try {
    const audio = new AudioContextClass();
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.5);
    for (const [frequency, at] of [
      [880, 0],
      [1320, 0.15],
    ] as const) {
      const tone = audio.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(audio.currentTime + at);
      tone.stop(audio.currentTime + at + 0.3);
    }
    setTimeout(() => void audio.close(), 1000);
  } catch {
    // Browsers refuse audio before the first user gesture; the count still updates.
  }
}
