// A sine tone as a WAV file (8-bit mono PCM), small enough to travel base64-encoded in a tool result.
const SAMPLE_RATE = 8000;

export function encodeToneWav(frequencyHz: number, seconds: number): Buffer {
  const samples = Math.round(SAMPLE_RATE * seconds);
  const wav = Buffer.alloc(44 + samples);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16); // size of the fmt block
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE, 28); // bytes per second: one byte per sample
  wav.writeUInt16LE(1, 32); // block align
  wav.writeUInt16LE(8, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) {
    // Fade the last 5% out so the tone ends without a click.
    const fade = Math.min(1, (samples - i) / (samples * 0.05));
    const value = Math.sin((2 * Math.PI * frequencyHz * i) / SAMPLE_RATE) * fade;
    wav[44 + i] = Math.round(128 + 100 * value);
  }
  return wav;
}
