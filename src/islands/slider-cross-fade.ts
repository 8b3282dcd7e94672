/**
 * An Embla plugin for a cross-fade the compositor runs: Embla's translation is switched off, each
 * slide is moved once over the first (a transform in percent, so resizing needs nothing), and the
 * current slide carries `data-current`; the stylesheet fades opacity between the two
 * (src/styles/slider.css). Nothing is written per frame, unlike embla-carousel-fade.
 */
import type { EmblaCarouselType, EmblaPluginType } from 'embla-carousel';
import { layOverFirst } from './slider-dom';

export function CrossFade(): EmblaPluginType {
  let embla: EmblaCarouselType | undefined;

  const markCurrent = () => {
    if (!embla) return;
    const current = new Set(embla.internalEngine().slideRegistry[embla.selectedScrollSnap()]);
    embla
      .slideNodes()
      .forEach((node, index) => node.toggleAttribute('data-current', current.has(index)));
  };

  const plugin = {
    name: 'crossFade',
    options: {},
    init(instance: EmblaCarouselType) {
      embla = instance;
      const { translate, slideLooper } = instance.internalEngine();
      // The track and the loop's moved slides stay where the layout puts them.
      for (const moving of [translate, ...slideLooper.loopPoints.map((point) => point.translate)]) {
        moving.clear();
        moving.toggleActive(false);
      }
      layOverFirst(instance.slideNodes(), instance.containerNode());
      instance.on('select', markCurrent);
      markCurrent();
    },
    destroy() {
      embla?.off('select', markCurrent);
      embla?.slideNodes().forEach((node) => {
        node.removeAttribute('data-current');
        node.style.transform = '';
      });
      embla = undefined;
    },
  };
  return plugin as unknown as EmblaPluginType;
}
