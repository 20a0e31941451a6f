import { CAPTCHA_PICTURES } from '@botdeck/core';
import type { ReactNode } from 'react';

/**
 * The captcha's pictures, drawn for Botdeck: picture `n` here shows what `CAPTCHA_PICTURES[n]`
 * in @botdeck/core says, which is what the server judges against. Each is a small scene in a
 * 120 by 120 box with its own setting and colours, so no two grids look alike. Nothing in the
 * markup names what a picture shows (no ids, classes or titles): the page labels cells by
 * position only.
 */

/** A wheel: tyre, rim and hub. */
function Wheel({ x, y, r, rim = '#c9ced6' }: { x: number; y: number; r: number; rim?: string }) {
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill="#23262b" />
      <circle cx={x} cy={y} r={r * 0.55} fill={rim} />
      <circle cx={x} cy={y} r={r * 0.18} fill="#5b616b" />
    </g>
  );
}

/** Two rails with sleepers across the bottom of a scene. */
function Rails({ y, color = '#6b5440' }: { y: number; color?: string }) {
  return (
    <g>
      {[4, 18, 32, 46, 60, 74, 88, 102, 116].map((x) => (
        <rect key={x} x={x - 3} y={y - 1} width={6} height={6} fill={color} />
      ))}
      <rect x={0} y={y} width={120} height={2.5} fill="#8a8f98" />
    </g>
  );
}

/** Whiskers on either side of a nose at (x, y). */
function Whiskers({ x, y, spread = 16 }: { x: number; y: number; spread?: number }) {
  return (
    <g stroke="#3b3b3b" strokeWidth={1.2} strokeLinecap="round">
      <path d={`M${x - 4} ${y} L${x - spread} ${y - 3}`} />
      <path d={`M${x - 4} ${y + 2} L${x - spread} ${y + 3}`} />
      <path d={`M${x + 4} ${y} L${x + spread} ${y - 3}`} />
      <path d={`M${x + 4} ${y + 2} L${x + spread} ${y + 3}`} />
    </g>
  );
}

/** A steam locomotive on a track under a blue sky, smoke rising. */
function Scene0() {
  return (
    <>
      <rect width={120} height={120} fill="#9fd3f5" />
      <rect y={88} width={120} height={32} fill="#7fb35a" />
      <circle cx={30} cy={22} r={9} fill="#eef2f5" />
      <circle cx={42} cy={16} r={11} fill="#e3e8ec" />
      <circle cx={20} cy={12} r={6} fill="#eef2f5" />
      <rect x={24} y={30} width={8} height={20} fill="#2a2a2a" />
      <rect x={20} y={48} width={58} height={26} rx={6} fill="#b23a2e" />
      <rect x={74} y={34} width={30} height={40} fill="#7a241c" />
      <rect x={80} y={40} width={18} height={14} fill="#ffe7a3" />
      <rect x={70} y={30} width={38} height={6} fill="#2a2a2a" />
      <path d="M20 66 L8 80 L20 80 Z" fill="#2a2a2a" />
      <rect x={16} y={74} width={92} height={6} fill="#2a2a2a" />
      <Wheel x={34} y={84} r={9} rim="#b23a2e" />
      <Wheel x={56} y={84} r={9} rim="#b23a2e" />
      <Wheel x={90} y={84} r={7} rim="#b23a2e" />
      <rect x={32} y={82} width={26} height={3} fill="#d9d9d9" />
      <Rails y={94} />
    </>
  );
}

/** An orange cat sitting on a windowsill, the sky behind it. */
function Scene1() {
  return (
    <>
      <rect width={120} height={120} fill="#f4e3c9" />
      <rect x={14} y={8} width={92} height={80} fill="#8fd0f0" stroke="#ffffff" strokeWidth={5} />
      <rect x={57} y={8} width={6} height={80} fill="#ffffff" />
      <rect x={6} y={88} width={108} height={10} fill="#c98e55" />
      <path
        d="M74 86 C98 86 100 64 90 58"
        stroke="#e8832f"
        strokeWidth={7}
        fill="none"
        strokeLinecap="round"
      />
      <ellipse cx={60} cy={70} rx={20} ry={18} fill="#f0913a" />
      <circle cx={60} cy={42} r={16} fill="#f0913a" />
      <path d="M46 36 L47 18 L58 29 Z" fill="#f0913a" />
      <path d="M74 36 L73 18 L62 29 Z" fill="#f0913a" />
      <path d="M49 32 L49.5 23 L55 29 Z" fill="#f7b6b6" />
      <path d="M71 32 L70.5 23 L65 29 Z" fill="#f7b6b6" />
      <ellipse cx={54} cy={40} rx={2.6} ry={3.6} fill="#2c5e2e" />
      <ellipse cx={66} cy={40} rx={2.6} ry={3.6} fill="#2c5e2e" />
      <path d="M57.5 46 L62.5 46 L60 49 Z" fill="#d6606d" />
      <Whiskers x={60} y={49} />
      <path
        d="M50 62 L56 60 M50 70 L57 68 M64 60 L70 62 M63 68 L70 70"
        stroke="#c96a1c"
        strokeWidth={2}
      />
      <ellipse cx={52} cy={87} rx={6} ry={3.5} fill="#f7a95c" />
      <ellipse cx={68} cy={87} rx={6} ry={3.5} fill="#f7a95c" />
    </>
  );
}

/** A straight country road running to the horizon between fields, the sun low. */
function Scene2() {
  return (
    <>
      <rect width={120} height={120} fill="#ffd9a0" />
      <circle cx={90} cy={44} r={12} fill="#ff9d4d" />
      <rect y={52} width={120} height={68} fill="#9cc15a" />
      <path d="M0 70 L120 64 L120 74 L0 82 Z" fill="#86ad47" opacity={0.6} />
      <path d="M56 52 L64 52 L112 120 L8 120 Z" fill="#5c5f66" />
      <path d="M56 52 L57.5 52 L14 120 L8 120 Z" fill="#eeeeee" />
      <path d="M62.5 52 L64 52 L112 120 L106 120 Z" fill="#eeeeee" />
      <path d="M59.4 58 L60.6 58 L61 66 L59 66 Z" fill="#ffd23f" />
      <path d="M58.8 74 L61.2 74 L62 86 L58 86 Z" fill="#ffd23f" />
      <path d="M58 96 L62 96 L63.5 114 L56.5 114 Z" fill="#ffd23f" />
      <circle cx={18} cy={50} r={6} fill="#4f7d33" />
      <rect x={17} y={50} width={2} height={6} fill="#6b4a2b" />
      <circle cx={104} cy={50} r={5} fill="#4f7d33" />
    </>
  );
}

/** A red hatchback, side on, parked on a lawn in front of a hedge. */
function Scene3() {
  return (
    <>
      <rect width={120} height={120} fill="#dff1ff" />
      <rect y={52} width={120} height={24} rx={10} fill="#4f9a4a" />
      <rect y={76} width={120} height={44} fill="#8cc66b" />
      <path
        d="M18 78 L18 64 Q20 58 30 56 L44 42 Q48 38 56 38 L80 38 Q88 38 92 46 L98 56 Q106 58 106 66 L106 78 Z"
        fill="#d8352a"
      />
      <path d="M48 54 L56 44 L70 44 L70 54 Z" fill="#bfe4f7" />
      <path d="M74 54 L74 44 L84 44 Q88 44 90 48 L93 54 Z" fill="#bfe4f7" />
      <rect x={71} y={44} width={3} height={34} fill="#a8281f" />
      <rect x={76} y={60} width={8} height={2.5} rx={1} fill="#7a1d16" />
      <rect x={100} y={62} width={6} height={5} rx={1} fill="#ffd966" />
      <rect x={18} y={62} width={5} height={5} rx={1} fill="#ff6b5e" />
      <Wheel x={36} y={80} r={11} />
      <Wheel x={88} y={80} r={11} />
    </>
  );
}

/** An indoor staircase climbing to the right, with a handrail, against a green wall. */
function Scene4() {
  return (
    <>
      <rect width={120} height={120} fill="#cfe3c4" />
      <rect y={108} width={120} height={12} fill="#a98a66" />
      <path
        d="M8 108 L8 96 L24 96 L24 84 L40 84 L40 72 L56 72 L56 60 L72 60 L72 48 L88 48 L88 36 L104 36 L104 24 L120 24 L120 108 Z"
        fill="#dcc09a"
      />
      {[96, 84, 72, 60, 48, 36, 24].map((y, i) => (
        <rect key={y} x={8 + i * 16} y={y} width={16} height={3} fill="#9c6b3f" />
      ))}
      <path d="M8 108 L120 12 L120 24 L8 120 Z" fill="none" />
      <path d="M6 82 L112 -2" stroke="#6d4526" strokeWidth={4} strokeLinecap="round" />
      {[16, 32, 48, 64, 80, 96].map((x, i) => (
        <rect key={x} x={x} y={80 - i * 12 - 4} width={2.5} height={16} fill="#6d4526" />
      ))}
    </>
  );
}

/** A black cat walking along a garden fence at night under the moon. */
function Scene5() {
  return (
    <>
      <rect width={120} height={120} fill="#1f2a4d" />
      <circle cx={92} cy={24} r={12} fill="#fff4c2" />
      <circle cx={20} cy={18} r={1.2} fill="#ffffff" />
      <circle cx={46} cy={10} r={1} fill="#ffffff" />
      <circle cx={62} cy={30} r={1.2} fill="#ffffff" />
      {[4, 22, 40, 58, 76, 94, 112].map((x) => (
        <path
          key={x}
          d={`M${x - 7} 120 L${x - 7} 74 L${x} 68 L${x + 7} 74 L${x + 7} 120 Z`}
          fill="#7b5a3d"
        />
      ))}
      <rect y={80} width={120} height={5} fill="#5e4229" />
      <path
        d="M26 58 Q10 48 16 34"
        stroke="#111111"
        strokeWidth={5}
        fill="none"
        strokeLinecap="round"
      />
      <ellipse cx={50} cy={60} rx={26} ry={10} fill="#111111" />
      <rect x={32} y={62} width={5} height={12} rx={2} fill="#111111" />
      <rect x={42} y={63} width={5} height={11} rx={2} fill="#111111" />
      <rect x={58} y={63} width={5} height={11} rx={2} fill="#111111" />
      <rect x={67} y={62} width={5} height={12} rx={2} fill="#111111" />
      <circle cx={80} cy={52} r={11} fill="#111111" />
      <path d="M72 46 L73 34 L80 42 Z" fill="#111111" />
      <path d="M88 46 L88 34 L81 42 Z" fill="#111111" />
      <ellipse cx={77} cy={51} rx={2} ry={2.6} fill="#e5d43a" />
      <ellipse cx={85} cy={51} rx={2} ry={2.6} fill="#e5d43a" />
      <g stroke="#9aa3b5" strokeWidth={1} strokeLinecap="round">
        <path d="M84 57 L98 54 M84 59 L98 60 M76 57 L66 55" />
      </g>
    </>
  );
}

/** A white high-speed train with a long pointed nose, crossing a viaduct. */
function Scene6() {
  return (
    <>
      <rect width={120} height={120} fill="#cde8f7" />
      <path d="M0 100 L30 70 L60 96 L90 74 L120 98 L120 120 L0 120 Z" fill="#8aa7bd" />
      <rect y={76} width={120} height={6} fill="#9a9ea6" />
      {[10, 40, 70, 100].map((x) => (
        <rect key={x} x={x} y={82} width={8} height={38} fill="#9a9ea6" />
      ))}
      <path d="M0 48 L78 48 Q104 50 118 72 L118 74 L0 74 Z" fill="#f8f9fb" />
      <path d="M0 62 L96 62 Q108 64 116 70 L0 70 Z" fill="#2f62c9" />
      <path d="M86 50 Q100 52 108 62 L90 62 Z" fill="#253046" />
      {[6, 22, 38, 54, 70].map((x) => (
        <rect key={x} x={x} y={52} width={11} height={7} rx={2} fill="#253046" />
      ))}
      <rect x={0} y={74} width={110} height={2} fill="#52565e" />
    </>
  );
}

/** Wide stone steps climbing a grassy slope to an arched wooden door. */
function Scene7() {
  return (
    <>
      <rect width={120} height={120} fill="#bfe0f2" />
      <rect x={30} y={6} width={60} height={40} fill="#d9c7a8" />
      <path d="M50 46 L50 24 Q60 14 70 24 L70 46 Z" fill="#7a4b2a" />
      <circle cx={66} cy={36} r={1.6} fill="#e8c24a" />
      <path d="M0 50 L28 46 L28 120 L0 120 Z" fill="#6fae4f" />
      <path d="M120 50 L92 46 L92 120 L120 120 Z" fill="#6fae4f" />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <g key={i}>
          <rect
            x={28 - i * 0}
            y={46 + i * 12}
            width={64}
            height={12}
            fill={i % 2 ? '#b8b2a7' : '#c9c3b8'}
          />
          <rect x={28} y={46 + i * 12} width={64} height={3} fill="#e6e1d8" />
        </g>
      ))}
      <rect x={26} y={46} width={3} height={74} fill="#8c857a" />
      <rect x={91} y={46} width={3} height={74} fill="#8c857a" />
    </>
  );
}

/** A road winding through rolling hills, seen from above the hillside. */
function Scene8() {
  return (
    <>
      <rect width={120} height={120} fill="#a7d8ef" />
      <path d="M0 40 Q30 26 60 38 Q90 50 120 34 L120 120 L0 120 Z" fill="#6cb04e" />
      <path d="M0 70 Q40 56 80 72 Q100 80 120 70 L120 120 L0 120 Z" fill="#5a9a3f" />
      <path d="M64 40 Q96 52 70 66 Q36 84 60 120" stroke="#56595f" strokeWidth={16} fill="none" />
      <path
        d="M64 40 Q96 52 70 66 Q36 84 60 120"
        stroke="#f2f2f2"
        strokeWidth={1.6}
        fill="none"
        strokeDasharray="5 5"
      />
      <circle cx={20} cy={60} r={7} fill="#3f7a2c" />
      <circle cx={100} cy={96} r={8} fill="#3f7a2c" />
      <circle cx={30} cy={100} r={6} fill="#3f7a2c" />
    </>
  );
}

/** A blue saloon car seen from the front, on a showroom floor. */
function Scene9() {
  return (
    <>
      <rect width={120} height={120} fill="#e9e6f2" />
      <rect y={84} width={120} height={36} fill="#bdb7cc" />
      <ellipse cx={60} cy={98} rx={50} ry={6} fill="#9f98b3" />
      <path d="M30 56 L38 34 Q40 30 46 30 L74 30 Q80 30 82 34 L90 56 Z" fill="#2a63c4" />
      <path d="M38 54 L44 36 L76 36 L82 54 Z" fill="#bfe4f7" />
      <rect x={14} y={54} width={92} height={30} rx={8} fill="#2a63c4" />
      <rect x={10} y={50} width={8} height={6} rx={2} fill="#2a63c4" />
      <rect x={102} y={50} width={8} height={6} rx={2} fill="#2a63c4" />
      <ellipse cx={28} cy={66} rx={9} ry={6} fill="#fff6c7" />
      <ellipse cx={92} cy={66} rx={9} ry={6} fill="#fff6c7" />
      <rect x={42} y={62} width={36} height={12} rx={3} fill="#1c2a44" />
      <path d="M46 66 L74 66 M46 70 L74 70" stroke="#6f7d99" strokeWidth={1.4} />
      <rect x={48} y={78} width={24} height={6} rx={1} fill="#f5f5f5" />
      <rect x={18} y={84} width={14} height={12} rx={3} fill="#23262b" />
      <rect x={88} y={84} width={14} height={12} rx={3} fill="#23262b" />
    </>
  );
}

/** A motorway seen from above: three lanes with white markings between strips of grass. */
function Scene10() {
  return (
    <>
      <rect width={120} height={120} fill="#7dbb5d" />
      <rect x={26} width={68} height={120} fill="#4e5158" />
      <rect x={28} width={2} height={120} fill="#f4f4f4" />
      <rect x={90} width={2} height={120} fill="#f4f4f4" />
      {[0, 24, 48, 72, 96].map((y) => (
        <g key={y}>
          <rect x={48} y={y + 4} width={2} height={12} fill="#f4f4f4" />
          <rect x={70} y={y + 4} width={2} height={12} fill="#f4f4f4" />
        </g>
      ))}
      <circle cx={10} cy={20} r={8} fill="#3d7a2b" />
      <circle cx={12} cy={70} r={9} fill="#3d7a2b" />
      <circle cx={108} cy={44} r={8} fill="#3d7a2b" />
      <circle cx={110} cy={100} r={7} fill="#3d7a2b" />
    </>
  );
}

/** Front steps rising to a building's entrance, seen straight on. */
function Scene11() {
  return (
    <>
      <rect width={120} height={120} fill="#f2d7c4" />
      <rect x={20} y={8} width={80} height={56} fill="#c87d5a" />
      <rect x={46} y={22} width={28} height={42} fill="#4a3a33" />
      <rect x={48} y={24} width={11} height={40} fill="#6b554a" />
      <rect x={61} y={24} width={11} height={40} fill="#6b554a" />
      <rect x={26} y={20} width={14} height={16} fill="#bfe4f7" />
      <rect x={80} y={20} width={14} height={16} fill="#bfe4f7" />
      {[0, 1, 2, 3, 4].map((i) => (
        <g key={i}>
          <rect x={36 - i * 8} y={64 + i * 11} width={48 + i * 16} height={11} fill="#d8d4cd" />
          <rect x={36 - i * 8} y={64 + i * 11} width={48 + i * 16} height={3} fill="#f4f1ec" />
          <rect x={36 - i * 8} y={73 + i * 11} width={48 + i * 16} height={2} fill="#a9a49b" />
        </g>
      ))}
    </>
  );
}

/** A grey tabby cat curled up asleep on a red cushion. */
function Scene12() {
  return (
    <>
      <rect width={120} height={120} fill="#efe6f7" />
      <ellipse cx={60} cy={86} rx={50} ry={18} fill="#c23a4b" />
      <ellipse cx={60} cy={80} rx={46} ry={12} fill="#d9516a" />
      <ellipse cx={62} cy={70} rx={32} ry={18} fill="#8e939b" />
      <path
        d="M34 80 Q46 92 80 86 Q94 82 92 74"
        stroke="#8e939b"
        strokeWidth={8}
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M50 56 Q52 66 48 76 M62 54 Q64 66 60 78 M74 56 Q76 66 72 78"
        stroke="#5f646c"
        strokeWidth={3}
        fill="none"
      />
      <circle cx={38} cy={66} r={13} fill="#9ba0a8" />
      <path d="M28 60 L26 46 L36 55 Z" fill="#9ba0a8" />
      <path d="M42 54 L48 43 L48 57 Z" fill="#9ba0a8" />
      <path
        d="M32 66 Q35 68 38 66 M40 66 Q43 68 46 66"
        stroke="#2f3338"
        strokeWidth={1.6}
        fill="none"
        strokeLinecap="round"
      />
      <path d="M37 71 L41 71 L39 73 Z" fill="#e58b98" />
      <path d="M32 60 L34 56 M38 58 L38 54 M44 60 L42 56" stroke="#5f646c" strokeWidth={1.6} />
    </>
  );
}

/** A yellow taxi, side on, in a city street at night. */
function Scene13() {
  return (
    <>
      <rect width={120} height={120} fill="#243049" />
      <rect x={4} y={14} width={26} height={70} fill="#38455f" />
      <rect x={34} y={26} width={22} height={58} fill="#2f3b54" />
      <rect x={60} y={8} width={28} height={76} fill="#38455f" />
      <rect x={92} y={30} width={26} height={54} fill="#2f3b54" />
      {[20, 34, 48].map((y) => (
        <g key={y} fill="#f3d37a">
          <rect x={10} y={y} width={5} height={6} />
          <rect x={66} y={y - 6} width={5} height={6} />
          <rect x={78} y={y} width={5} height={6} />
          <rect x={98} y={y + 10} width={5} height={6} />
        </g>
      ))}
      <rect y={84} width={120} height={36} fill="#3e4147" />
      <rect x={50} y={44} width={18} height={7} rx={1.5} fill="#fff3b0" />
      <path
        d="M12 92 L12 76 Q14 70 24 68 L36 54 Q40 50 48 50 L74 50 Q82 50 86 56 L96 68 Q108 70 108 80 L108 92 Z"
        fill="#f5c518"
      />
      <path d="M40 66 L48 56 L62 56 L62 66 Z" fill="#bfe4f7" />
      <path d="M66 66 L66 56 L80 56 Q84 56 86 60 L90 66 Z" fill="#bfe4f7" />
      <rect x={12} y={74} width={96} height={5} fill="#222222" />
      <rect x={20} y={74} width={5} height={5} fill="#f5c518" />
      <rect x={34} y={74} width={5} height={5} fill="#f5c518" />
      <rect x={48} y={74} width={5} height={5} fill="#f5c518" />
      <rect x={62} y={74} width={5} height={5} fill="#f5c518" />
      <rect x={76} y={74} width={5} height={5} fill="#f5c518" />
      <rect x={90} y={74} width={5} height={5} fill="#f5c518" />
      <rect x={102} y={80} width={6} height={5} rx={1} fill="#fff6c7" />
      <Wheel x={32} y={94} r={10} />
      <Wheel x={88} y={94} r={10} />
    </>
  );
}

/** An underground train's front coming out of a tunnel, lights on, rails below. */
function Scene14() {
  return (
    <>
      <rect width={120} height={120} fill="#3a3733" />
      <path d="M8 120 L8 40 Q60 -6 112 40 L112 120 Z" fill="#1b1a18" />
      <path d="M40 120 L56 86 L64 86 L80 120 Z" fill="#4b4741" />
      <path d="M44 120 L57 86 L58.5 86 L47 120 Z" fill="#a4a8ae" />
      <path d="M73 120 L61.5 86 L63 86 L76 120 Z" fill="#a4a8ae" />
      <rect x={28} y={30} width={64} height={58} rx={10} fill="#d9dde3" />
      <rect x={28} y={70} width={64} height={8} fill="#e0463a" />
      <rect x={34} y={38} width={52} height={22} rx={4} fill="#2c3e57" />
      <rect x={54} y={38} width={2} height={22} fill="#d9dde3" />
      <rect x={44} y={32} width={32} height={5} rx={1} fill="#1e1e1e" />
      <circle cx={38} cy={82} r={4} fill="#fff6c7" />
      <circle cx={82} cy={82} r={4} fill="#fff6c7" />
      <rect x={50} y={80} width={20} height={6} rx={1} fill="#8a8f98" />
    </>
  );
}

/** A small green vintage car, side on, on a gravel drive by the sea. */
function Scene15() {
  return (
    <>
      <rect width={120} height={120} fill="#ffe9d6" />
      <rect y={50} width={120} height={24} fill="#5bb5c8" />
      <path
        d="M0 56 Q10 53 20 56 T40 56 T60 56 T80 56 T100 56 T120 56"
        stroke="#e8f7fb"
        strokeWidth={1.5}
        fill="none"
      />
      <rect y={74} width={120} height={46} fill="#d8c8a8" />
      <circle cx={20} cy={100} r={1.5} fill="#b5a27c" />
      <circle cx={100} cy={108} r={1.5} fill="#b5a27c" />
      <circle cx={60} cy={112} r={1.5} fill="#b5a27c" />
      <path d="M18 92 Q16 74 32 70 Q40 48 62 48 Q84 48 92 70 Q106 72 104 92 Z" fill="#3f9b5a" />
      <path d="M42 68 Q46 54 60 54 L60 68 Z" fill="#cfe9f3" />
      <path d="M64 68 L64 54 Q78 54 82 68 Z" fill="#cfe9f3" />
      <ellipse cx={100} cy={80} rx={3} ry={4} fill="#fff6c7" />
      <rect x={16} y={88} width={90} height={4} rx={2} fill="#c9ced6" />
      <Wheel x={34} y={92} r={10} rim="#e9e4d2" />
      <Wheel x={88} y={92} r={10} rim="#e9e4d2" />
    </>
  );
}

/** A wooden staircase with white balusters climbing to the left, up to a landing. */
function Scene16() {
  return (
    <>
      <rect width={120} height={120} fill="#e8eef7" />
      <rect x={0} y={12} width={44} height={10} fill="#a86f3c" />
      <path
        d="M112 120 L112 108 L100 108 L100 96 L88 96 L88 84 L76 84 L76 72 L64 72 L64 60 L52 60 L52 48 L40 48 L40 36 L28 36 L28 22 L0 22 L0 120 Z"
        fill="#c98a4b"
      />
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <rect key={i} x={100 - i * 12} y={108 - i * 12} width={12} height={3} fill="#8a5527" />
      ))}
      <path d="M120 86 L28 0" stroke="#7a4a20" strokeWidth={4} strokeLinecap="round" />
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <rect key={i} x={104 - i * 12} y={72 - i * 11} width={2.5} height={36} fill="#fafafa" />
      ))}
    </>
  );
}

/** A freight train, a diesel engine pulling wagons, through green hills. */
function Scene17() {
  return (
    <>
      <rect width={120} height={120} fill="#bfe6f5" />
      <path d="M0 70 Q30 40 60 62 Q90 40 120 66 L120 120 L0 120 Z" fill="#7cbf5e" />
      <rect x={4} y={62} width={30} height={24} fill="#8c4a2f" />
      <rect x={38} y={62} width={30} height={24} fill="#2f6f8c" />
      <rect x={36} y={74} width={3} height={3} fill="#333333" />
      <rect x={70} y={74} width={3} height={3} fill="#333333" />
      <path d="M72 86 L72 56 L98 56 L98 48 L112 48 Q116 48 116 56 L116 86 Z" fill="#f0b323" />
      <rect x={101} y={52} width={10} height={9} fill="#2c3e57" />
      <rect x={72} y={70} width={44} height={4} fill="#c0392b" />
      <Wheel x={12} y={88} r={4.5} />
      <Wheel x={26} y={88} r={4.5} />
      <Wheel x={46} y={88} r={4.5} />
      <Wheel x={60} y={88} r={4.5} />
      <Wheel x={80} y={88} r={5} />
      <Wheel x={92} y={88} r={5} />
      <Wheel x={108} y={88} r={5} />
      <Rails y={93} color="#7a6250" />
    </>
  );
}

/** A straight desert road under a hot sky, mesas on the horizon and a cactus by the verge. */
function Scene18() {
  return (
    <>
      <rect width={120} height={120} fill="#fbd38d" />
      <path d="M0 58 L0 44 L14 44 L18 50 L34 50 L38 58 Z" fill="#c0683d" />
      <path d="M80 58 L84 40 L104 40 L108 48 L120 48 L120 58 Z" fill="#b35d35" />
      <rect y={58} width={120} height={62} fill="#e8b876" />
      <path d="M54 58 L66 58 L120 120 L0 120 Z" fill="#45484e" />
      {[64, 76, 92].map((y, i) => (
        <rect
          key={y}
          x={59 - i * 0.8}
          y={y}
          width={2 + i * 1.6}
          height={6 + i * 5}
          fill="#ffffff"
        />
      ))}
      <rect x={14} y={70} width={7} height={30} rx={3.5} fill="#3e8c4a" />
      <rect x={6} y={76} width={5} height={12} rx={2.5} fill="#3e8c4a" />
      <rect x={6} y={86} width={10} height={4} fill="#3e8c4a" />
      <rect x={24} y={72} width={5} height={12} rx={2.5} fill="#3e8c4a" />
      <rect x={19} y={82} width={9} height={4} fill="#3e8c4a" />
      <circle cx={100} cy={18} r={9} fill="#fff1b8" />
    </>
  );
}

/** A white cat's face, close up, green eyes wide, on a leafy green background. */
function Scene19() {
  return (
    <>
      <rect width={120} height={120} fill="#8fcf8a" />
      <circle cx={14} cy={18} r={12} fill="#7abd75" />
      <circle cx={108} cy={104} r={14} fill="#7abd75" />
      <path d="M22 58 L22 12 L52 36 Z" fill="#fafafa" />
      <path d="M98 58 L98 12 L68 36 Z" fill="#fafafa" />
      <path d="M28 46 L28 22 L44 36 Z" fill="#f6b3c0" />
      <path d="M92 46 L92 22 L76 36 Z" fill="#f6b3c0" />
      <ellipse cx={60} cy={70} rx={42} ry={38} fill="#fafafa" />
      <ellipse cx={44} cy={62} rx={8} ry={10} fill="#6cc04a" />
      <ellipse cx={76} cy={62} rx={8} ry={10} fill="#6cc04a" />
      <ellipse cx={44} cy={62} rx={2.5} ry={8} fill="#1d1d1d" />
      <ellipse cx={76} cy={62} rx={2.5} ry={8} fill="#1d1d1d" />
      <path d="M55 78 L65 78 L60 84 Z" fill="#f08a9c" />
      <path
        d="M60 84 Q60 90 54 90 M60 84 Q60 90 66 90"
        stroke="#555555"
        strokeWidth={1.6}
        fill="none"
      />
      <Whiskers x={60} y={84} spread={36} />
    </>
  );
}

const SCENES: readonly (() => ReactNode)[] = [
  Scene0,
  Scene1,
  Scene2,
  Scene3,
  Scene4,
  Scene5,
  Scene6,
  Scene7,
  Scene8,
  Scene9,
  Scene10,
  Scene11,
  Scene12,
  Scene13,
  Scene14,
  Scene15,
  Scene16,
  Scene17,
  Scene18,
  Scene19,
];

if (import.meta.env.DEV && SCENES.length !== CAPTCHA_PICTURES.length) {
  throw new Error('Every captcha picture of @botdeck/core needs its drawing.');
}

/** Picture `n` of the set, decorative: the cell around it carries the name. */
export function CaptchaPicture({ picture }: { picture: number }) {
  const Scene = SCENES[picture];
  return (
    <svg viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      {Scene ? <Scene /> : null}
    </svg>
  );
}
