import { Button, Section, Text } from '@react-email/components';
import { headingStyle, Layout, type Organiser, textStyle } from './Layout.tsx';

export interface ReEnrolmentOfferProps {
  organiser: Organiser;
  parentName: string;
  /** Next term's activity. */
  activity: string;
  /** When the kept places go on sale, on the organiser's clock. */
  until: string;
  /** One per child: their ticket and the link that confirms or declines their place. */
  children: { name: string; ticket: string; url: string }[];
}

const button = {
  backgroundColor: '#2563eb',
  borderRadius: '6px',
  color: '#ffffff',
  fontSize: '15px',
  padding: '12px 20px',
};

/**
 * Next term's place, kept for each child of the family who has one this term, until the priority
 * window ends: one link per child to confirm (and pay) or decline.
 *
 * @example await render(<ReEnrolmentOffer {...props} />)
 */
export function ReEnrolmentOffer(props: ReEnrolmentOfferProps) {
  const names = props.children.map((c) => c.name).join(' and ');
  return (
    <Layout
      organiser={props.organiser}
      preview={`${names}'s place on ${props.activity} is kept until ${props.until}`}
    >
      <Text style={textStyle}>{`Hello ${props.parentName},`}</Text>
      <Text style={textStyle}>
        {`Next term's ${props.activity} is ready, and we are keeping the same ${props.children.length > 1 ? 'places' : 'place'} for ${names} until ${props.until}. After that, places nobody has confirmed go on sale to everyone.`}
      </Text>
      {props.children.map((c) => (
        <Section key={c.url}>
          <Text style={headingStyle}>{`${c.name}: ${c.ticket}`}</Text>
          <Button href={c.url} style={button}>
            {`Keep ${c.name}'s place`}
          </Button>
          <Text style={textStyle}>{`Or open this address: ${c.url}`}</Text>
        </Section>
      ))}
      <Text style={textStyle}>
        The same page lets you say no thanks, so the place can go to another family.
      </Text>
    </Layout>
  );
}
